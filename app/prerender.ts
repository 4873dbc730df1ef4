/**
 * The build's last step (`npm run build`, after `vite build`): renders the public pages in both
 * languages into `dist/prerendered/{language}/{page}.html`, which the bff sends to visitors without
 * a session instead of the empty `index.html` (bff/src/http/static.ts). The browser shows the page
 * before any script has run and then hydrates it (docs/decisions/011-page-weight.md).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { LANGUAGES, type Language } from '@brnd/contracts/domain/constants';
import type { renderPage as RenderPage } from './src/entry-server.tsx';

const appDir = fileURLToPath(new URL('.', import.meta.url));
const distDir = path.join(appDir, 'dist');

/** Where bff/src/http/static.ts looks for a page: `prerendered/en/index.html`, `…/po/pricing.html`. */
const PRERENDERED_DIR = 'prerendered';
const prerenderedFile = (language: Language, page: string) =>
  path.join(PRERENDERED_DIR, language, `${page === '/' ? 'index' : page.slice(1)}.html`);

/**
 * The pages prerendered, each with the screen module its route loads lazily (Vite's manifest key):
 * the page's HTML preloads that code and carries its stylesheet, so it is styled at first paint.
 */
const PAGES: { path: string; screen?: string }[] = [
  { path: '/' },
  { path: '/pricing', screen: '../ui/src/screens/Pricing/PricingScreen.tsx' },
  { path: '/blog', screen: '../ui/src/screens/Blog/BlogScreen.tsx' },
  // Their live figures arrive after hydration into space their loading states hold (decision 060).
  { path: '/ico', screen: '../ui/src/screens/Ico/IcoScreen.tsx' },
  { path: '/voting', screen: '../ui/src/screens/Voting/VotingScreen.tsx' },
];

/**
 * The code and stylesheets a lazily loaded module brings, as Vite's preload would fetch them,
 * less what index.html already has (the first page's script, its stylesheet inlined).
 */
function moduleFiles(manifest: Manifest, key: string, template: string) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk) throw new Error(`prerender: ${name} is not in Vite's manifest`);
    if (template.includes(`/${chunk.file}"`) || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { scripts: [...scripts], styles: [...styles] };
}

/** Vite's manifest key of the routes' manifests chunk (app/src/routes/screens.ts). */
const SCREENS_MODULE = 'src/routes/screens.ts';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function replaceOnce(html: string, search: string | RegExp, replacement: string): string {
  if (typeof search === 'string' ? !html.includes(search) : !search.test(html)) {
    throw new Error(`prerender: index.html has no ${String(search)}`);
  }
  return html.replace(search, () => replacement);
}

async function writeCompressed(file: string, content: string) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
  // The twins the static server sends (as vite.config.ts's precompress does for the build).
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  await writeFile(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

// React and the router take their production paths, as in the browser's bundle.
process.env.NODE_ENV = 'production';
// The browser's router registers itself on `self` (for its devtools).
(globalThis as { self?: unknown }).self ??= globalThis;
const serverDir = await mkdtemp(path.join(os.tmpdir(), 'brnd-prerender-'));
try {
  await build({
    configFile: path.join(appDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: path.join(appDir, 'src', 'entry-server.tsx'),
      outDir: serverDir,
      emptyOutDir: true,
    },
  });
  const { renderPage } = (await import(
    pathToFileURL(path.join(serverDir, 'entry-server.js')).href
  )) as { renderPage: typeof RenderPage };
  const template = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(
    await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  await rm(path.join(distDir, PRERENDERED_DIR), { recursive: true, force: true });

  for (const page of PAGES) {
    // The page is drawn from its HTML; its code only hydrates it (decision 079). Preloading the
    // route's ~30 modules would compete with the first paint on a phone's connection, so only the
    // screens' manifests (decision 060) are preloaded, at low priority: the route's own modules
    // then load together once the first page's script asks for them.
    const files = page.screen
      ? [SCREENS_MODULE, page.screen].map((key) => moduleFiles(manifest, key, template))
      : [];
    const preloads = files[0]?.scripts ?? [];
    const styles = [...new Set(files.flatMap((module) => module.styles))];
    // The route's stylesheets are inlined, as index.html's own is: a stylesheet request would
    // hold the first paint back. Each also gets a disabled link, which browsers do not fetch
    // but which tells Vite's loader, once the route's code loads, that it is on the page.
    const inlined = await Promise.all(
      styles.map(async (file) => {
        const css = await readFile(path.join(distDir, file), 'utf8');
        return `<style>${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
      }),
    );
    const links = [
      ...inlined,
      ...preloads.map(
        (file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`,
      ),
    ].join('');
    for (const language of LANGUAGES) {
      const rendered = await renderPage(page.path, language);
      let html = replaceOnce(template, /<html lang="[^"]*">/, `<html lang="${rendered.lang}">`);
      html = replaceOnce(
        html,
        /<title>[^<]*<\/title>/,
        `<title>${escapeHtml(rendered.title)}</title>`,
      );
      html = replaceOnce(html, '</head>', `${links}</head>`);
      // The first page's script too only hydrates what is drawn: it must not hold the paint back.
      html = replaceOnce(
        html,
        '<script type="module" ',
        '<script type="module" fetchpriority="low" ',
      );
      html = replaceOnce(html, '<div id="root"></div>', `<div id="root">${rendered.html}</div>`);
      await writeCompressed(path.join(distDir, prerenderedFile(language, page.path)), html);
    }
  }
  console.log(
    `prerendered ${PAGES.map((page) => page.path).join(', ')} in ${LANGUAGES.join(', ')}`,
  );
} finally {
  await rm(serverDir, { recursive: true, force: true });
}
