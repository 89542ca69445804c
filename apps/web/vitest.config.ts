import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { webCatalogueSplit } from './catalogue-split.ts';

export default defineConfig({
  plugins: [react(), webCatalogueSplit()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Above the 5 s wait of findBy/waitFor (src/test/setup.ts), so a slow wait fails as itself.
    testTimeout: 20_000,
  },
});
