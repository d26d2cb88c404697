import { defineConfig } from 'vitest/config';

// `npm test`: unit tests of every package plus the API's integration tests on SQLite.
// PostgreSQL runs the same integration files through `npm run test:pg` (DATABASE_URL set).
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/api/{src,test}/**/*.test.ts',
      'apps/web/app/**/*.test.{ts,tsx}',
      'apps/web/server/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'e2e/**'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
