// One id per request, carried from the web server to the API (issue 25): the web server makes one per
// page (or takes its trusted front's), sends it on every API call it makes for that page, and both
// write it in their log lines; the API echoes it on its answer.

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Request lines (API and web server) reach standard output in batches: written when a batch holds this
 * many bytes, and at least this often (one write per line was about a fifth of a cached answer's cost,
 * ADR 077). A process killed with SIGKILL loses at most its last interval of lines.
 */
export const REQUEST_LOG_BATCH_BYTES = 4096;
export const REQUEST_LOG_FLUSH_MS = 1000;

/** What an id may look like when taken from a request: short, printable, no spaces (a UUID, nginx's $request_id). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID.test(value);
}
