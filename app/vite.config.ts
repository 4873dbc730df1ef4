import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` runs the bff on this address and proxies the API to it (scripts/dev.ts).
const bffUrl = process.env.BFF_URL ?? 'http://localhost:3001';

export default defineConfig(({ mode }) => {
  const mock = mode === 'mock';
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react()],
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
