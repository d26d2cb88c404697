import { type ApiClient, figuresOperations, moderationOperations, responseCodeOf } from '@manga/api-client';
import { type FiguresResponse, ResponseCode } from '@manga/contracts';
import { env } from '#app/env.server.ts';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { notFound } from '#app/errors/not-found.server.ts';
import { defaultFiguresRange, type FiguresData } from './figures.ts';

// The figures screen's loader (`/ops/figures`, ADR 072). The API decides who may: to anyone without
// `figures.read` (analysts, editors, admins) every call answers 1002 and the page is the 404 page. A
// range the API refuses (1001) is shown with its message and the form, not as an error page.

async function asFiguresStaff<T>(call: Promise<T>, url: URL): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (responseCodeOf(error) === ResponseCode.ApiNotFound) notFound(url);
    handleApiError(error);
    throw error;
  }
}

export async function loadFigures(client: ApiClient, url: URL): Promise<FiguresData> {
  const fallback = defaultFiguresRange(Date.now(), env.wireTimeZone);
  const from = url.searchParams.get('from') || fallback.from;
  const to = url.searchParams.get('to') || fallback.to;
  const { operator } = await asFiguresStaff(moderationOperations(client).getOperator(), url);
  let figures: FiguresResponse | undefined;
  let error: string | undefined;
  try {
    figures = await figuresOperations(client).getFigures({ from, to });
  } catch (caught) {
    if (responseCodeOf(caught) !== ResponseCode.InvalidParameter) return asFiguresStaff(Promise.reject(caught), url);
    error = caught instanceof Error ? caught.message : String(caught);
  }
  return {
    operator: {
      userId: operator.user_id,
      email: operator.email,
      roles: operator.role_list,
      permissions: operator.permission_list,
    },
    from,
    to,
    error,
    figures,
  };
}
