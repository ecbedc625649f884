import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const gateway = process.env.GATEWAY_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Each asset compressed once, at the strongest settings, beside it (.br, .gz): the gateway sends
    // these as they are, not compressing every asset again for every visitor.
    compression({
      include: /^assets\/.+\.(?:js|css|svg)$/,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
      ],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    // The contracts are bundled from their TypeScript source, so only what a screen uses ships.
    // A module of a lib by its path (`@findclips/exports/time`) keeps a screen from loading the rest.
    alias: [
      {
        find: /^@findclips\/(contracts|exports)$/,
        replacement: fileURLToPath(new URL('../libs/$1/src/index.ts', import.meta.url)),
      },
      {
        find: /^@findclips\/(contracts|exports)\/(.+)$/,
        replacement: fileURLToPath(new URL('../libs/$1/src/$2.ts', import.meta.url)),
      },
    ],
  },
  server: {
    // `npx vite` in web/ for UI work against a running `npm start`.
    proxy: { '/api': gateway, '/auth/google': gateway, '/socket.io': gateway },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The notices of the open-source code the bundle holds, as their licences ask (dist/.vite/license.md).
    license: true,
    // Which files each page's code is (dist/.vite/manifest.json): the gateway names them in the page's
    // HTML, so the browser asks for them with the app's own code rather than once it has run.
    manifest: true,
    assetsDir: 'assets',
    rollupOptions: {
      treeshake: {
        // The contracts' modules have no side effects: a screen that needs a constant
        // (contracts/constants.ts) does not pull in the schemas, so only the forms that validate
        // (sign-in, settings) load zod.
        moduleSideEffects: (id) => !id.includes('/libs/contracts/') && !id.includes('/libs/exports/'),
      },
    },
  },
});
