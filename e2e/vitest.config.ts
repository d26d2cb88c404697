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
    // A page's state can take seconds to settle on a loaded machine (two cores, the service and
    // Chromium): polls wait up to 15 s, not Vitest's default 1 s; a passing poll returns at once.
    expect: { poll: { timeout: 15_000 } },
  },
});
