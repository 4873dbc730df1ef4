import { fileURLToPath } from 'node:url';
import { defaultServerConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stripContractSchemas } from './strip-contract-schemas.ts';
// Relative: Vite's config loader leaves workspace packages to Node, which runs no TypeScript.
import { typesetMessage } from '../locales/typography.ts';
import type { Locale } from '../locales/flatten.ts';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';

/**
 * Writes `.br` and `.gz` twins of every text asset once at build time; the bff's static server
 * (koa-send) sends them to browsers that accept them, so no request pays for compression.
 */
function precompress(): Plugin {
  return {
    name: 'brnd-precompress',
    apply: 'build',
    async writeBundle(options) {
      const dir = options.dir ?? 'dist';
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const content = await readFile(file);
        if (content.byteLength < 1024) continue;
        await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
        await writeFile(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Puts the first page's stylesheet into index.html: the browser paints as soon as the app's
 * script has run instead of also waiting for a render-blocking CSS request (its ~4 kB gzip ride
 * along with the HTML, which is revalidated on every visit).
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'brnd-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = bundle?.[file];
            return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
          },
        );
      },
    },
  };
}

type MessageTree = { [key: string]: string | MessageTree };
const MESSAGE_FILE = /\/locales\/(en|pl)\/[^/]+\.json$/;
type CompiledTree = { [key: string]: MessageFormatElement[] | CompiledTree };
const TYPOGRAPHY = '@brnd/locales/typography';
const TYPESET_AT_BUILD = '\0brnd-typeset-at-build';

/**
 * Parses every message of `locales/{en,pl}/*.json` into its ICU syntax tree at build time, as
 * formatjs's precompiling does: the browser gets no message parser (~8 kB gzip, aliased to
 * formatjs's `no-parser` below) and parses nothing while it renders. The trees are typeset here
 * too (locales/typography.ts), so the app's `typesetMessages` is the identity and the typesetting
 * code stays out of the first page (decision 060); tests and stories typeset text at runtime.
 */
function precompileMessages(): Plugin {
  const compile = (tree: MessageTree, locale: Intl.Locale): CompiledTree =>
    Object.fromEntries(
      Object.entries(tree).map(([key, value]) => [
        key,
        // With the locale, as react-intl would parse it in the browser.
        typeof value === 'string'
          ? typesetMessage(parse(value, { locale }), locale.language as Locale)
          : compile(value, locale),
      ]),
    );
  return {
    name: 'brnd-precompile-messages',
    enforce: 'pre',
    resolveId: {
      filter: { id: new RegExp(`^${TYPOGRAPHY}$`) },
      handler: () => TYPESET_AT_BUILD,
    },
    load: {
      filter: { id: new RegExp(`^${TYPESET_AT_BUILD}$`) },
      handler: () => 'export const typesetMessages = (messages) => messages;',
    },
    transform: {
      filter: { id: MESSAGE_FILE },
      handler(code, id) {
        const language = MESSAGE_FILE.exec(id)?.[1] ?? 'en';
        const tree = JSON.parse(code) as MessageTree;
        return { code: JSON.stringify(compile(tree, new Intl.Locale(language))), map: null };
      },
    },
  };
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * A CSS module's class names: `_inner_x1Yz9`, the class and a hash of its file. Vite's default
 * adds the line number too (`_inner_10sk3_1`), which makes no name more unique and, as every
 * name of a file differs from the next there, gzips worse: the first page's class maps were
 * ~0.2 kB gzip heavier. The client build and the prerender's SSR build name alike (hydration).
 */
function scopedClassName(name: string, file: string): string {
  const relative = path.relative(repoRoot, file.split('?')[0] ?? file);
  return `_${name}_${createHash('sha256').update(relative).digest('base64url').slice(0, 5)}`;
}

// `npm run dev` runs the bff on this address and proxies the API to it (scripts/dev.ts).
const bffUrl = process.env.BFF_URL ?? 'http://localhost:3001';

export default defineConfig(({ mode, isSsrBuild = false }) => {
  const mock = mode === 'mock';
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: isSsrBuild
      ? [react(), precompileMessages()]
      : [react(), precompileMessages(), stripContractSchemas(), inlineEntryCss(), precompress()],
    css: { modules: { generateScopedName: scopedClassName } },
    resolve: {
      alias: [
        {
          find: /^@formatjs\/icu-messageformat-parser$/,
          replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
        },
      ],
    },
    // app/public holds files served as they are (the sale's PDFs, scripts/build-docs.ts);
    // `dev:mock` serves the MSW service worker from the mocks' folder instead.
    publicDir: fileURLToPath(new URL(mock ? '../mocks/public' : './public', import.meta.url)),
    server: {
      port: 3000,
      strictPort: true,
      proxy: mock
        ? undefined
        : {
            '^/api/': { target: bffUrl, changeOrigin: false },
            '^/dev/': { target: bffUrl, changeOrigin: false },
          },
    },
    // The build's prerender (prerender.ts) renders the public pages with the browser's code in
    // Node: TanStack Router's `browser` builds, and every package in the one bundle.
    ssr: { noExternal: true, resolve: { conditions: ['browser', ...defaultServerConditions] } },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Which files a prerendered page links: its route's code and stylesheet (prerender.ts).
      manifest: !isSsrBuild,
      // Images stay files: inlined into the JS, the home page's partner logos (below the fold,
      // `loading="lazy"`) would be downloaded and parsed before the page can render.
      assetsInlineLimit: 0,
      // Current browsers know <link rel="modulepreload">; one that does not (Safari before 17)
      // fetches the same files when the code imports them, one step later. Not shipping Vite's
      // polyfill for it keeps that code off everyone's first page (decision 060).
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // Everything the first page needs in one file: left alone, Rolldown cuts the modules
          // that lazy pages share with it into a dozen small files, and each one costs the
          // visitor a request and compresses worse.
          codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
        },
      },
    },
  };
});
