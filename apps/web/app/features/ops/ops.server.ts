import {
  type ApiClient,
  type ModerationOperations,
  moderationOperations,
  responseCodeOf,
  staffOperations,
} from '@manga/api-client';
import { formatWireDateTime, isStaffRole, NgWordMatch, ResponseCode } from '@manga/contracts';
import { env } from '#app/env.server.ts';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { notFound } from '#app/errors/not-found.server.ts';
import { text } from '#app/features/account/account-forms.ts';
import { pageNumber, pageWindow } from '#app/features/catalogue/paging.ts';
import {
  type AuditLogData,
  checkNgWord,
  checkReason,
  type NgWordsData,
  OPS_PAGE_SIZE,
  type OperatorView,
  type OpsActionResult,
  type OpsIntent,
  opsIntentOf,
  type ReportQueueData,
  reportStatusOf,
  type StaffData,
  suspensionEnd,
  toAuditEntryView,
  toNgWordView,
  toReportView,
  toStaffMemberView,
} from './ops.ts';

// The operator console's loaders and actions (ADR 013). Whether the visitor is an operator is the
// API's answer, asked on every request: to anyone else every /ops/* call answers 1002 (an unknown
// path), and the console answers its 404 page. There is no client-side flag to forge.

/** An /ops call's answer; for a non-operator (1002) the page is not found, other failures take the error pipeline. */
async function asOperator<T>(call: Promise<T>, url: URL): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (responseCodeOf(error) === ResponseCode.ApiNotFound) notFound(url);
    handleApiError(error);
    throw error;
  }
}

async function operatorOf(api: ModerationOperations, url: URL): Promise<OperatorView> {
  const { operator } = await asOperator(api.getOperator(), url);
  return {
    userId: operator.user_id,
    email: operator.email,
    roles: operator.role_list,
    permissions: operator.permission_list,
  };
}

/** `/ops?status=open|hidden|all&page=N`: the report queue, most recently reported first. */
export async function loadReportQueue(client: ApiClient, url: URL): Promise<ReportQueueData> {
  const api = moderationOperations(client);
  const status = reportStatusOf(url.searchParams.get('status'));
  const page = pageNumber(url.searchParams.get('page'));
  const { offset } = pageWindow(page, OPS_PAGE_SIZE);
  const [operator, list] = await Promise.all([
    operatorOf(api, url),
    asOperator(api.listReportedComments({ status, limit: OPS_PAGE_SIZE, offset }), url),
  ]);
  return {
    operator,
    status,
    page,
    hasNext: list.has_next === 1,
    reports: list.report_list.map((comment) => toReportView(comment, env.wireTimeZone)),
  };
}

/** `/ops/ngwords`: the NG word list, newest first. */
export async function loadNgWords(client: ApiClient, url: URL): Promise<NgWordsData> {
  const api = moderationOperations(client);
  const [operator, list] = await Promise.all([operatorOf(api, url), asOperator(api.listNgWords(), url)]);
  return { operator, words: list.ng_word_list.map((word) => toNgWordView(word, env.wireTimeZone)) };
}

/** `/ops/audit?page=N`: the audit log, newest first. */
export async function loadAuditLog(client: ApiClient, url: URL): Promise<AuditLogData> {
  const api = moderationOperations(client);
  const page = pageNumber(url.searchParams.get('page'));
  const { offset } = pageWindow(page, OPS_PAGE_SIZE);
  const [operator, log] = await Promise.all([
    operatorOf(api, url),
    asOperator(api.listAuditLog({ limit: OPS_PAGE_SIZE, offset }), url),
  ]);
  return {
    operator,
    page,
    hasNext: log.has_next === 1,
    entries: log.audit_log_list.map((entry) => toAuditEntryView(entry, env.wireTimeZone)),
  };
}

function idOf(value: string): number {
  return /^[1-9]\d{0,15}$/.test(value) ? Number(value) : 0;
}

/** Runs one console action; the API's refusal becomes the form's message (1002 still means "not found"). */
async function run(
  intent: OpsIntent,
  targetId: number,
  url: URL,
  call: () => Promise<unknown>,
): Promise<OpsActionResult> {
  try {
    await call();
    return { status: 'done', intent, targetId };
  } catch (error) {
    const code = responseCodeOf(error);
    if (code === ResponseCode.ApiNotFound) notFound(url);
    if (code === ResponseCode.ServerMaintenance) handleApiError(error);
    if (code === ResponseCode.ServerError) console.error(`Console action ${intent} failed`, error);
    return { status: 'failed', intent, targetId, code, message: error instanceof Error ? error.message : '' };
  }
}

const unknownIntent = (targetId: number): OpsActionResult => ({
  status: 'failed',
  intent: 'hide',
  targetId,
  code: ResponseCode.InvalidParameter,
  message: 'unknown action',
});

/**
 * The report queue's forms: hide (a reason is required), restore, dismiss, suspend the commenter for
 * a period (a reason is required), lift a suspension and remove the commenter's nickname (a reason
 * is required, ADR 066 addendum). The operator is checked first, by the API.
 */
export async function submitReportAction(client: ApiClient, request: Request, url: URL): Promise<OpsActionResult> {
  const api = moderationOperations(client);
  const form = await request.formData();
  await operatorOf(api, url);
  const intent = opsIntentOf(text(form, 'intent'));
  const reason = text(form, 'reason').trim();
  switch (intent) {
    case 'hide':
    case 'restore':
    case 'dismiss': {
      const commentId = idOf(text(form, 'comment_id'));
      const error = checkReason(reason, intent === 'hide');
      if (error) return { status: 'invalid', intent, targetId: commentId, error };
      if (intent === 'hide')
        return run(intent, commentId, url, () => api.hideComment({ comment_id: commentId, reason }));
      if (intent === 'restore') {
        return run(intent, commentId, url, () => api.restoreComment({ comment_id: commentId, reason }));
      }
      return run(intent, commentId, url, () => api.dismissCommentReports({ comment_id: commentId, reason }));
    }
    case 'suspend': {
      const userId = idOf(text(form, 'user_id'));
      const until = suspensionEnd(new Date(), text(form, 'period'));
      if (!until)
        return { status: 'invalid', intent, targetId: userId, error: { field: 'period', key: 'ops.errors.period' } };
      const error = checkReason(reason, true);
      if (error) return { status: 'invalid', intent, targetId: userId, error };
      const untilTime = formatWireDateTime(until, env.wireTimeZone);
      return run(intent, userId, url, () => api.suspendCommenter({ user_id: userId, until_time: untilTime, reason }));
    }
    case 'unsuspend': {
      const userId = idOf(text(form, 'user_id'));
      const error = checkReason(reason, false);
      if (error) return { status: 'invalid', intent, targetId: userId, error };
      return run(intent, userId, url, () => api.unsuspendCommenter({ user_id: userId, reason }));
    }
    case 'reset_nickname': {
      const userId = idOf(text(form, 'user_id'));
      const error = checkReason(reason, true);
      if (error) return { status: 'invalid', intent, targetId: userId, error };
      return run(intent, userId, url, () => api.resetNickname({ user_id: userId, reason }));
    }
    default:
      return unknownIntent(0);
  }
}

/** The NG word forms: add a word (part or whole-word match) and remove one, each with an optional note. */
export async function submitNgWordAction(client: ApiClient, request: Request, url: URL): Promise<OpsActionResult> {
  const api = moderationOperations(client);
  const form = await request.formData();
  await operatorOf(api, url);
  const intent = opsIntentOf(text(form, 'intent'));
  const reason = text(form, 'reason').trim();
  const reasonError = checkReason(reason, false);
  if (intent === 'add_word') {
    const word = text(form, 'word').trim();
    const matchType = text(form, 'match_type') || NgWordMatch.Part;
    const error =
      checkNgWord(word) ??
      (matchType === NgWordMatch.Part || matchType === NgWordMatch.Word
        ? reasonError
        : { field: 'match_type' as const, key: 'ops.errors.match_type' as const });
    if (error) return { status: 'invalid', intent, targetId: 0, error };
    return run(intent, 0, url, () => api.addNgWord({ word, match_type: matchType as NgWordMatch, reason }));
  }
  if (intent === 'remove_word') {
    const wordId = idOf(text(form, 'ng_word_id'));
    if (reasonError) return { status: 'invalid', intent, targetId: wordId, error: reasonError };
    return run(intent, wordId, url, () => api.removeNgWord({ ng_word_id: wordId, reason }));
  }
  return unknownIntent(0);
}

/** `/ops/staff`: every staff member and their roles (admins only, ADR 042). */
export async function loadStaff(client: ApiClient, url: URL): Promise<StaffData> {
  const [operator, list] = await Promise.all([
    operatorOf(moderationOperations(client), url),
    asOperator(staffOperations(client).listStaff(), url),
  ]);
  return { operator, members: list.staff_list.map((member) => toStaffMemberView(member, env.wireTimeZone)) };
}

/** The staff forms: give a role by e-mail address, take one by account id; each with an optional note. */
export async function submitStaffAction(client: ApiClient, request: Request, url: URL): Promise<OpsActionResult> {
  const api = staffOperations(client);
  const form = await request.formData();
  await operatorOf(moderationOperations(client), url);
  const intent = opsIntentOf(text(form, 'intent'));
  const reason = text(form, 'reason').trim();
  const role = text(form, 'role');
  const reasonError = checkReason(reason, false);
  if (intent === 'grant_role') {
    const email = text(form, 'email').trim();
    if (email === '')
      return { status: 'invalid', intent, targetId: 0, error: { field: 'email', key: 'staff_console.errors.email' } };
    if (!isStaffRole(role))
      return { status: 'invalid', intent, targetId: 0, error: { field: 'role', key: 'staff_console.errors.role' } };
    if (reasonError) return { status: 'invalid', intent, targetId: 0, error: reasonError };
    return run(intent, 0, url, () => api.grantStaffRole({ email, role, reason }));
  }
  if (intent === 'revoke_role') {
    const userId = idOf(text(form, 'user_id'));
    if (!isStaffRole(role))
      return {
        status: 'invalid',
        intent,
        targetId: userId,
        error: { field: 'role', key: 'staff_console.errors.role' },
      };
    if (reasonError) return { status: 'invalid', intent, targetId: userId, error: reasonError };
    return run(intent, userId, url, () => api.revokeStaffRole({ user_id: userId, role, reason }));
  }
  return unknownIntent(0);
}
