import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

// `npm run dev` runs the bff on this address and proxies the API to it (scripts/dev.ts).
const bffUrl = process.env.BFF_URL ?? 'http://localhost:3001';

export default defineConfig(({ mode }) => {
  const mock = mode === 'mock';
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react(), precompress()],
    // Only `dev:mock` needs a public folder: it serves the MSW service worker from there.
    publicDir: mock ? fileURLToPath(new URL('../mocks/public', import.meta.url)) : false,
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
    build: {
      outDir: 'dist',
      emptyOutDir: true,
    },
  };
});
