// Where the e2e tests find the running service; the only reader of process.env in e2e/.

/** The web app, started by `npm start`. */
export const webUrl = (process.env.E2E_WEB_URL?.trim() || 'http://127.0.0.1:3000').replace(/\/+$/, '');
/** The API, started by `npm start`. */
export const apiUrl = (process.env.E2E_API_URL?.trim() || 'http://127.0.0.1:3001').replace(/\/+$/, '');
/** Cookie-name prefix of the service under test (MANGA_COOKIE_PREFIX; `dev_` in development). */
export const cookiePrefix = process.env.E2E_COOKIE_PREFIX ?? process.env.MANGA_COOKIE_PREFIX ?? 'dev_';
/** The service's own environment (MANGA_DATA_DIR …), for CLI helpers that must reach the same data. */
export const serviceEnv: NodeJS.ProcessEnv = { ...process.env };
