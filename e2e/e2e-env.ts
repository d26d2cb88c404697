// Where the e2e tests find the running service; the only reader of process.env in e2e/.

/** The web app, started by `npm start`. */
export const webUrl = (process.env.E2E_WEB_URL?.trim() || 'http://127.0.0.1:3000').replace(/\/+$/, '');
