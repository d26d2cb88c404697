import { webUrl } from './e2e-env.ts';

/** Fails fast, with the fix, when the service under test is not running. */
export default async function assertServiceIsRunning(): Promise<void> {
  try {
    await fetch(webUrl, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new Error(
      `Nothing answers at ${webUrl}. The e2e tests run against the real service: ` +
        'run `npm start` first (or set E2E_WEB_URL to where the web app listens).',
      { cause: error },
    );
  }
}
