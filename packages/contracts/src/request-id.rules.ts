// One id per request, carried from the web server to the API (issue 25): the web server makes one per
// page (or takes its trusted front's), sends it on every API call it makes for that page, and both
// write it in their log lines; the API echoes it on its answer.

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id may look like when taken from a request: short, printable, no spaces (a UUID, nginx's $request_id). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID.test(value);
}
