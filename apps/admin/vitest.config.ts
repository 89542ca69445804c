import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { marketNames } from './market-names.ts';

export default defineConfig({
  plugins: [
    react(),
    marketNames({ webLocales: fileURLToPath(new URL('../web/src/locales', import.meta.url)) }),
  ],
  test: {
    name: 'admin',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
  },
});
