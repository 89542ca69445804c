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
  },
});
