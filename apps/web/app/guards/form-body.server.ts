import { ResponseCode } from '@manga/contracts';
import { data, type MiddlewareFunction } from 'react-router';
import type { ApiErrorData } from '#app/errors/api-errors.server.ts';

// Issue 22 item 6: every form action reads its body with request.formData(), which throws on a body
// that is not a form (a JSON or text content type, a broken multipart body), and a throw in an action
// answered 500. Once, for every action: a state-changing request whose body is not a readable form is
// answered 400 (1001, the error screen) before any action runs. Forms are small; the body is read
// again by the action from its own copy.

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Root middleware: 400 for a request to an action whose body is not a form. */
export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (MUTATIONS.has(request.method.toUpperCase())) {
    try {
      await request.clone().formData();
    } catch {
      const body: ApiErrorData = { responseCode: ResponseCode.InvalidParameter };
      throw data(body, { status: 400 });
    }
  }
  return next();
};
