import path from 'node:path';
import { defineConfig } from 'vitest/config';

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
