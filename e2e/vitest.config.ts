import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:e2e`: browser and black-box tests against a running service (`npm start` first).
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
