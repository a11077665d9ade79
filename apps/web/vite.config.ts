// Vite build of the SPA; the server serves dist/ and answers /gs-api.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
// Vite loads this file with plain Node, which cannot import the schema package's
// TS entry through node_modules; the constants file itself is bundled fine.
import { API_PREFIX, PRODUCT_NAME } from '../../packages/schema/src/constants.ts';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies beside each file: the server sends the one the
    // browser accepts without compressing on every request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    {
      // index.html names the product before the app sets per-page titles.
      name: 'gets-product-name',
      transformIndexHtml: (html) => html.replaceAll('%PRODUCT_NAME%', PRODUCT_NAME),
    },
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { [API_PREFIX]: 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across
        // releases. Every other library goes with the pages that use it.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
