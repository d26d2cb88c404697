// Where the e2e tests find the running service; the only reader of process.env in e2e/.

/** The web app, started by `npm start`. */
export const webUrl = (process.env.E2E_WEB_URL?.trim() || 'http://127.0.0.1:3000').replace(/\/+$/, '');
/** The API, started by `npm start`. */
export const apiUrl = (process.env.E2E_API_URL?.trim() || 'http://127.0.0.1:3001').replace(/\/+$/, '');
/** Cookie-name prefix of the service under test (MANGA_COOKIE_PREFIX; `dev_` in development). */
export const cookiePrefix = process.env.E2E_COOKIE_PREFIX ?? process.env.MANGA_COOKIE_PREFIX ?? 'dev_';
/** The service's own environment (MANGA_DATA_DIR …), for CLI helpers that must reach the same data. */
export const serviceEnv: NodeJS.ProcessEnv = { ...process.env };

/**
 * The same web app under its other loopback name (127.0.0.1 ↔ localhost): both must be in the service's
 * MANGA_WEB_ORIGIN (its default, and `.ci/run`'s) for the origin tests of issue 24 item 13.
 */
export const twinWebUrl = (() => {
  const url = new URL(webUrl);
  url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return url.origin;
})();
