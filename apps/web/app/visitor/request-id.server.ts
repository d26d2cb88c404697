import { randomUUID } from 'node:crypto';
import { isRequestId } from '@manga/contracts';

// The id of one request to the web server (issue 25): the front's X-Request-Id when the operator says
// every request comes through a front that sets it (MANGA_WEB_TRUST_REQUEST_ID), else a new one; a
// visitor's own header is never taken, so that nobody can put their id on someone else's log lines.

export function requestIdOf(
  sent: string | string[] | undefined,
  trustFront: boolean,
  newId: () => string = randomUUID,
): string {
  return trustFront && isRequestId(sent) ? sent : newId();
}
