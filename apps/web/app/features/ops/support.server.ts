import { type ApiClient, moderationOperations, responseCodeOf, supportOperations } from '@manga/api-client';
import { ResponseCode } from '@manga/contracts';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { notFound } from '#app/errors/not-found.server.ts';
import { text } from '#app/features/account/account-forms.ts';
import { pageNumber, pageWindow } from '#app/features/catalogue/paging.ts';
import { checkReason, opsIntentOf, type SupportActionResult, type SupportData } from './ops.ts';

// The support screen's loader and action (`/ops/support`, ADR 063). The API decides who may: to
// anyone without the support permissions every call answers 1002 and the page is the 404 page.

export const SUPPORT_LEDGER_PAGE_SIZE = 20;

async function asStaff<T>(call: Promise<T>, url: URL): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (responseCodeOf(error) === ResponseCode.ApiNotFound) notFound(url);
    handleApiError(error);
    throw error;
  }
}

/** `/ops/support?email=…` (search) and `&user=N&page=N` (one reader, their ledger page N). */
export async function loadSupport(client: ApiClient, url: URL): Promise<SupportData> {
  const api = supportOperations(client);
  const { operator } = await asStaff(moderationOperations(client).getOperator(), url);
  const query = (url.searchParams.get('email') ?? '').trim();
  const userId = Number(url.searchParams.get('user') ?? '');
  const page = pageNumber(url.searchParams.get('page'));
  const { offset } = pageWindow(page, SUPPORT_LEDGER_PAGE_SIZE);
  const isUser = Number.isSafeInteger(userId) && userId > 0;
  const [search, reader, ledger] = await Promise.all([
    query.length >= 3 ? asStaff(api.searchSupportReaders({ email: query }), url) : undefined,
    isUser ? asStaff(api.getSupportReader({ user_id: userId }), url) : undefined,
    isUser
      ? asStaff(api.listSupportLedger({ user_id: userId, limit: SUPPORT_LEDGER_PAGE_SIZE, offset }), url)
      : undefined,
  ]);
  return {
    operator: {
      userId: operator.user_id,
      email: operator.email,
      roles: operator.role_list,
      permissions: operator.permission_list,
    },
    query,
    matches: search?.reader_list,
    reader: reader
      ? {
          reader: reader.reader,
          wallet: reader.wallet,
          purchase_list: reader.purchase_list,
          ticket_list: reader.ticket_list,
          plan_list: reader.plan_list,
          session_list: reader.session_list,
          device_list: reader.device_list,
        }
      : undefined,
    ledger: ledger ? { page, entries: ledger.ledger_list, hasNext: ledger.has_next === 1 } : undefined,
    requestKey: crypto.randomUUID(),
  };
}

/** The grant form (points, paid points or tickets, a reason required) and the sessions' end. */
export async function submitSupportAction(client: ApiClient, request: Request, url: URL): Promise<SupportActionResult> {
  const api = supportOperations(client);
  const form = await request.formData();
  await asStaff(moderationOperations(client).getOperator(), url);
  // The grant form names what in one field (`grant_points:0|1`, `grant_tickets:0`), so it needs no script.
  const [whatIntent, whatPaid] = text(form, 'what').split(':');
  const intent = opsIntentOf(whatIntent ?? text(form, 'intent')) ?? opsIntentOf(text(form, 'intent'));
  const userId = /^[1-9]\d{0,15}$/.test(text(form, 'user_id')) ? Number(text(form, 'user_id')) : 0;
  const reason = text(form, 'reason').trim();
  const reasonError = checkReason(reason, true);
  const failed = (error: unknown): SupportActionResult => {
    const code = responseCodeOf(error);
    if (code === ResponseCode.ApiNotFound) notFound(url);
    if (code === ResponseCode.ServerMaintenance) handleApiError(error);
    return {
      status: 'failed',
      intent: intent ?? 'grant_points',
      targetId: userId,
      code: code ?? ResponseCode.ServerError,
      message: error instanceof Error ? error.message : '',
    };
  };
  if (intent === 'grant_points' || intent === 'grant_tickets') {
    const amountText = text(form, 'amount').trim();
    const amount = /^[1-9]\d{0,6}$/.test(amountText) ? Number(amountText) : 0;
    if (amount === 0) {
      return {
        status: 'invalid',
        intent,
        targetId: userId,
        error: { field: 'amount', key: 'support_console.errors.amount' },
      };
    }
    if (reasonError) return { status: 'invalid', intent, targetId: userId, error: reasonError };
    const requestKey = text(form, 'request_key');
    try {
      const { grant } =
        intent === 'grant_tickets'
          ? await api.grantSupportTickets({ user_id: userId, count: amount, reason, request_key: requestKey })
          : await api.grantSupportPoints({
              user_id: userId,
              amount,
              paid: whatPaid === '1' ? 1 : 0,
              reason,
              request_key: requestKey,
            });
      return { status: 'done', intent, targetId: userId, repeated: grant.repeated === 1 };
    } catch (error) {
      return failed(error);
    }
  }
  if (intent === 'end_sessions') {
    if (reasonError) return { status: 'invalid', intent, targetId: userId, error: reasonError };
    try {
      await api.endSupportSessions({ user_id: userId, reason });
      return { status: 'done', intent, targetId: userId };
    } catch (error) {
      return failed(error);
    }
  }
  return {
    status: 'failed',
    intent: 'grant_points',
    targetId: 0,
    code: ResponseCode.InvalidParameter,
    message: 'unknown action',
  };
}
