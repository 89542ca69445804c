import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { webCatalogueSplit } from './catalogue-split.ts';

const apiTarget = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), webCatalogueSplit()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Read by scripts/check-bundle-size.mjs (npm run size) to follow the home route's chunks.
    manifest: true,
    // The home route has a 117 KB gzipped budget (docs/design.md, Web): report sizes, keep chunks apart.
    reportCompressedSize: true,
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare schemas and functions: without this hint the bundler keeps
        // every zod schema (about 26 KB gzipped) as soon as one thing is imported from the package.
        // The features' scripts only declare too (none is imported for its effects): a feature's public
        // index.ts re-exports what other parts may use, and what the start-up code does not use must
        // not ride into the home route with it (their styles come with the modules that use them).
        moduleSideEffects: (id: string) =>
          !id.includes('/packages/contract/') && !/\/apps\/web\/src\/features\/.*\.tsx?$/.test(id),
      },
      output: {
        // The catalogue parts by language (texts-bn-start-….js), so that a size report reads well.
        chunkFileNames: (chunk) => {
          const catalogue = /^\0virtual:catalogue\/([a-z]{2})\/(start|rest)$/.exec(
            chunk.facadeModuleId ?? '',
          );
          return catalogue
            ? `assets/texts-${catalogue[1]}-${catalogue[2]}-[hash].js`
            : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          // Everything the entry needs at start in one file instead of a dozen: each request costs a
          // round trip on a phone network, and the rate limit counts them. Pages stay separate chunks.
          groups: [{ name: 'start', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // The realtime socket (balance pushes) lives under /wps too.
      '/wps/ws': { target: apiTarget, ws: true },
      '/wps': apiTarget,
      '/lgw': apiTarget,
      '/healthz': apiTarget,
      '/docs': apiTarget,
    },
  },
  preview: {
    proxy: {
      '/wps': apiTarget,
      '/lgw': apiTarget,
      '/healthz': apiTarget,
      '/docs': apiTarget,
    },
  },
});
