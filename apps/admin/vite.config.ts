import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { marketNames } from './market-names.ts';

const apiTarget = 'http://localhost:8080';

/**
 * The back office (issue 15): its own entry and its own dist, served by the server at /admin/
 * (plugins/admin-app.ts). Nothing here reaches the member site's scripts.
 */
export default defineConfig({
  base: '/admin/',
  // The lottery's market names come from the member site's catalogues (market-names.ts).
  plugins: [
    react(),
    marketNames({ webLocales: fileURLToPath(new URL('../web/src/locales', import.meta.url)) }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Read by scripts/check-bundle-size.mjs (npm run size): the admin entry's own budget line.
    manifest: true,
    reportCompressedSize: true,
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare schemas and functions (as in apps/web/vite.config.ts).
        moduleSideEffects: (id: string) => !id.includes('/packages/contract/'),
      },
    },
  },
  server: {
    port: 5174,
    proxy: {
      '/api': apiTarget,
      '/wps': apiTarget,
      '/lgw': apiTarget,
      '/healthz': apiTarget,
      '/docs': apiTarget,
    },
  },
});
