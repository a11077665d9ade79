// Vite build of the SPA; the server serves dist/ and answers /gs-api.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
// Vite loads this file with plain Node, which cannot import the schema package's
// TS entry through node_modules; the constants file itself is bundled fine.
import { API_PREFIX, PRODUCT_NAME } from '../../packages/schema/src/constants.ts';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
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
        // Libraries change less often than the app: their own chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
