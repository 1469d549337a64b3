import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/** API test files that mock a module: run isolated (see the `api` project). */
const API_MOCKING = ['apps/api/src/features/invoices/kept-invoice-pdf.test.ts'];

export default defineConfig({
  test: {
    // Each API test file opens its own database; two cores cannot run many at once.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...API_MOCKING],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          // A worker imports the app once for all its files, not once per file: importing it
          // was over 40 % of the API suite's time. Each file still builds its own apps on its
          // own database (test/test-app.ts), so nothing a test depends on is shared.
          isolate: false,
        },
      },
      {
        // Files that replace a module (vi.mock) need a module registry of their own.
        test: {
          name: 'api-mocking',
          include: API_MOCKING,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['apps/api/src/test/global-setup.ts'],
        },
      },
      {
        // The web app's `@/` imports (apps/web/vite.config.ts and tsconfig.json say the same).
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], setupFiles: ['apps/web/src/test/setup.ts'] },
      },
    ],
  },
});
