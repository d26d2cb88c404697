import {
  AuditAction,
  type AuditLogEntry,
  COMMENT_REPORT_REASONS,
  type CommentReportReason,
  NG_WORD_MAX_LENGTH,
  type NgWord,
  NgWordMatch,
  OPS_REASON_MAX_LENGTH,
  type OpsComment,
  OpsReportStatus,
  parseWireDateTime,
  type StaffMember,
  StaffPermission,
  type SupportLedgerResponse,
  type SupportReaderMatch,
  type SupportReaderResponse,
} from '@manga/contracts';
import { episodeHref, titleHref } from '#app/features/catalogue/title-view.ts';
import type { CommenterName } from '#app/features/comments/comments.ts';
import { openCommentsHref } from '#app/features/comments/comments.ts';

// The view model of the operator console (`/ops`, ADR 013): the report queue, the NG word list and
// the audit log, and the forms' checks. Pure: the loaders and actions are in ops.server.ts.

/** Reports and audit rows per page. */
export const OPS_PAGE_SIZE = 20;

export const OPS_PATHS = {
  reports: '/ops',
  ngWords: '/ops/ngwords',
  audit: '/ops/audit',
  staff: '/ops/staff',
  support: '/ops/support',
  catalogue: '/ops/catalogue',
  top: '/ops/top',
  shop: '/ops/shop',
  figures: '/ops/figures',
} as const;
export type OpsScreen = keyof typeof OPS_PATHS;

/**
 * What each console screen needs (ADR 042), its title and its tab: the frame links only the screens
 * the caller's permissions open. A link is not a permission: the API checks every call.
 */
export const OPS_SCREENS: Readonly<
  Record<OpsScreen, { permission: StaffPermission; titleKey: string; leadKey: string; tabKey: string }>
> = {
  reports: {
    permission: StaffPermission.CommentModerate,
    titleKey: 'pages.ops-reports.title',
    leadKey: 'pages.ops-reports.lead',
    tabKey: 'ops.tabs.reports',
  },
  ngWords: {
    permission: StaffPermission.CommentModerate,
    titleKey: 'pages.ops-ngWords.title',
    leadKey: 'pages.ops-ngWords.lead',
    tabKey: 'ops.tabs.ngWords',
  },
  audit: {
    permission: StaffPermission.AuditRead,
    titleKey: 'pages.ops-audit.title',
    leadKey: 'pages.ops-audit.lead',
    tabKey: 'ops.tabs.audit',
  },
  staff: {
    permission: StaffPermission.StaffRoleManage,
    titleKey: 'staff_console.title',
    leadKey: 'staff_console.lead',
    tabKey: 'staff_console.tab',
  },
  support: {
    permission: StaffPermission.ReaderRead,
    titleKey: 'support_console.title',
    leadKey: 'support_console.lead',
    tabKey: 'support_console.tab',
  },
  // The catalogue console has its own frame (EditorialFrame, ADR 046): here for its tab only.
  catalogue: {
    permission: StaffPermission.TitleEdit,
    titleKey: 'editorial.titles.title',
    leadKey: 'editorial.titles.lead',
    tabKey: 'editorial.console',
  },
  // Top page curation (ADR 074): editors and admins, in the catalogue console's frame.
  top: {
    permission: StaffPermission.TitleEdit,
    titleKey: 'top_curation.title',
    leadKey: 'top_curation.lead',
    tabKey: 'top_curation.tab',
  },
  shop: {
    permission: StaffPermission.ProductEdit,
    titleKey: 'shop_console.title',
    leadKey: 'shop_console.lead',
    tabKey: 'shop_console.tab',
  },
  figures: {
    permission: StaffPermission.FiguresRead,
    titleKey: 'figures_console.title',
    leadKey: 'figures_console.lead',
    tabKey: 'figures_console.tab',
  },
};

/** The screens the operator's permissions open, in tab order. */
export function opsScreensFor(operator: OperatorView): OpsScreen[] {
  return (Object.keys(OPS_SCREENS) as OpsScreen[]).filter((screen) =>
    operator.permissions.includes(OPS_SCREENS[screen].permission),
  );
}

/** The staff member the console acts as (GET /ops/operator): their roles and what those allow. */
export interface OperatorView {
  userId: number;
  email: string;
  roles: string[];
  permissions: string[];
}

export interface ReportView {
  commentId: number;
  text: string;
  hidden: boolean;
  likeCount: number;
  postedAt: string | undefined;
  /** Where the comment is: the episode in the viewer, and the title page with its comments open. */
  episode: { id: number; name: string; href: string };
  title: { id: number; name: string; href: string; commentsHref: string };
  author: CommenterName & { userId: number; email: string; suspendedUntil: string | undefined };
  reporterCount: number;
  /** Readers per reason (CommentReportReason, or undefined for a report without one), most first. */
  reasons: { reason: CommentReportReason | undefined; count: number }[];
  /** The reporters' notes, newest first. */
  notes: string[];
  latestReportAt: string | undefined;
  reviewedAt: string | undefined;
}

export interface ReportQueueData {
  operator: OperatorView;
  status: OpsReportStatus;
  page: number;
  hasNext: boolean;
  reports: ReportView[];
}

export interface NgWordView {
  id: number;
  word: string;
  /** What is matched after the search normalisation. */
  normalized: string;
  matchType: NgWordMatch;
  addedAt: string | undefined;
}

export interface NgWordsData {
  operator: OperatorView;
  words: NgWordView[];
}

export interface AuditEntryView {
  id: number;
  at: string | undefined;
  /** The staff member, or undefined for the command line (`npm run operator`). */
  operator: { userId: number; email: string } | undefined;
  action: string;
  target: { type: string; id: number };
  reason: string;
  /** What changed, as name and value pairs (the row's JSON `detail`). */
  detail: [string, string][];
}

export interface AuditLogData {
  operator: OperatorView;
  page: number;
  hasNext: boolean;
  entries: AuditEntryView[];
}

/** `?status=` of the queue: open (the default), hidden or all. */
export function reportStatusOf(raw: string | null): OpsReportStatus {
  return raw === OpsReportStatus.Hidden || raw === OpsReportStatus.All ? raw : OpsReportStatus.Open;
}

/** The queue's URL for a filter and page (page 1 and the open filter are the bare path). */
export function reportQueueHref(status: OpsReportStatus, page = 1): string {
  const params = new URLSearchParams();
  if (status !== OpsReportStatus.Open) params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${OPS_PATHS.reports}?${query}` : OPS_PATHS.reports;
}

const isoOf = (wire: string, timeZone: string) => parseWireDateTime(wire, timeZone)?.toISOString();

export function toReportView(comment: OpsComment, timeZone: string): ReportView {
  const title = titleHref(comment.title_id);
  return {
    commentId: comment.comment_id,
    text: comment.comment,
    hidden: comment.status === 'hidden',
    likeCount: comment.like_count,
    postedAt: isoOf(comment.created_time, timeZone),
    episode: {
      id: comment.episode_id,
      name: comment.episode_name,
      href: episodeHref(comment.title_id, comment.episode_id),
    },
    title: {
      id: comment.title_id,
      name: comment.title_name,
      href: title,
      commentsHref: `${title}${openCommentsHref('', comment.episode_id, true)}`,
    },
    author: {
      userId: comment.user_id,
      nickname: comment.user_name.trim() || undefined,
      tag: comment.user_tag,
      email: comment.user_email,
      suspendedUntil: isoOf(comment.user_suspended_until, timeZone),
    },
    reporterCount: comment.reporter_num,
    reasons: comment.report_reason_list.map((entry) => ({
      reason: COMMENT_REPORT_REASONS.find((known) => known === entry.reason),
      count: entry.reporter_num,
    })),
    notes: comment.report_note_list,
    latestReportAt: isoOf(comment.latest_report_time, timeZone),
    reviewedAt: isoOf(comment.reviewed_time, timeZone),
  };
}

export function toNgWordView(word: NgWord, timeZone: string): NgWordView {
  return {
    id: word.ng_word_id,
    word: word.word,
    normalized: word.normalized_word,
    matchType: word.match_type === NgWordMatch.Word ? NgWordMatch.Word : NgWordMatch.Part,
    addedAt: isoOf(word.created_time, timeZone),
  };
}

/** An audit row's JSON detail as pairs; text that is not a JSON object is shown as it is. */
export function auditDetailOf(detail: string): [string, string][] {
  if (detail.trim() === '' || detail.trim() === '{}') return [];
  try {
    const value: unknown = JSON.parse(detail);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return Object.entries(value).map(([key, item]) => [key, typeof item === 'string' ? item : JSON.stringify(item)]);
    }
  } catch {
    // not JSON: shown as written
  }
  return [['detail', detail]];
}

export function toAuditEntryView(entry: AuditLogEntry, timeZone: string): AuditEntryView {
  return {
    id: entry.audit_log_id,
    at: isoOf(entry.created_time, timeZone),
    operator:
      entry.operator_user_id === 0 ? undefined : { userId: entry.operator_user_id, email: entry.operator_email },
    action: entry.action,
    target: { type: entry.target_type, id: entry.target_id },
    reason: entry.reason,
    detail: auditDetailOf(entry.detail),
  };
}

/** Audit actions with a label in `ops.audit.actions.*`; others are shown as the API names them. */
export const KNOWN_AUDIT_ACTIONS: ReadonlySet<string> = new Set(Object.values(AuditAction));

/** The key of an audit action's label (`comment.hide` → `ops.audit.actions.comment_hide`). */
export function auditActionKey(action: string): string | undefined {
  return KNOWN_AUDIT_ACTIONS.has(action) ? `ops.audit.actions.${action.replace('.', '_')}` : undefined;
}

/** How long an operator can suspend a commenter for, from the console. */
export const SUSPENSION_PERIODS = ['1h', '1d', '3d', '7d', '30d', '90d', '365d'] as const;
export type SuspensionPeriod = (typeof SUSPENSION_PERIODS)[number];

const HOUR_MS = 3_600_000;
const PERIOD_MS: Readonly<Record<SuspensionPeriod, number>> = {
  '1h': HOUR_MS,
  '1d': 24 * HOUR_MS,
  '3d': 3 * 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
  '30d': 30 * 24 * HOUR_MS,
  '90d': 90 * 24 * HOUR_MS,
  '365d': 365 * 24 * HOUR_MS,
};

/** When a suspension of `period` starting `now` ends; undefined for a period the console does not offer. */
export function suspensionEnd(now: Date, period: string): Date | undefined {
  if (!(SUSPENSION_PERIODS as readonly string[]).includes(period)) return undefined;
  return new Date(now.getTime() + PERIOD_MS[period as SuspensionPeriod]);
}

export const OPS_INTENTS = [
  'hide',
  'restore',
  'dismiss',
  'suspend',
  'unsuspend',
  'reset_nickname',
  'add_word',
  'remove_word',
  'grant_role',
  'revoke_role',
  'grant_points',
  'grant_tickets',
  'end_sessions',
  'set_product',
  'add_product',
] as const;
export type OpsIntent = (typeof OPS_INTENTS)[number];

export function opsIntentOf(raw: string): OpsIntent | undefined {
  return (OPS_INTENTS as readonly string[]).includes(raw) ? (raw as OpsIntent) : undefined;
}

/** A form field the console checks before calling the API, and the key of what is wrong with it. */
export type OpsFieldError =
  | { field: 'reason'; key: 'ops.errors.reason_required' | 'ops.errors.reason_too_long' }
  | { field: 'word'; key: 'ops.errors.word_required' | 'ops.errors.word_too_long' }
  | { field: 'period'; key: 'ops.errors.period' }
  | { field: 'match_type'; key: 'ops.errors.match_type' }
  | { field: 'email'; key: 'staff_console.errors.email' }
  | { field: 'role'; key: 'staff_console.errors.role' }
  | { field: 'amount'; key: 'support_console.errors.amount' }
  | { field: ShopFormField; key: ShopFieldErrorKey };

/** The shop form's fields (ADR 063) and what can be wrong with one (shop.ts checks them). */
export type ShopFormField =
  | 'kind'
  | 'region'
  | 'price'
  | 'points'
  | 'bonus'
  | 'monthly_bonus'
  | 'tickets'
  | 'sort'
  | 'name_en'
  | 'name_ja'
  | 'price_id';
export type ShopFieldErrorKey =
  | 'shop_console.errors.choice'
  | 'shop_console.errors.whole_number'
  | 'shop_console.errors.range'
  | 'shop_console.errors.name'
  | 'shop_console.errors.price_id';

/**
 * A reason: required (hiding, suspending) or optional, at most OPS_REASON_MAX_LENGTH UTF-16 units, as
 * the API's schema counts them (and the field's maxlength).
 */
export function checkReason(raw: string, required: boolean): OpsFieldError | undefined {
  const reason = raw.trim();
  if (required && reason === '') return { field: 'reason', key: 'ops.errors.reason_required' };
  if (reason.length > OPS_REASON_MAX_LENGTH) return { field: 'reason', key: 'ops.errors.reason_too_long' };
  return undefined;
}

export function checkNgWord(raw: string): OpsFieldError | undefined {
  const word = raw.trim();
  if (word === '') return { field: 'word', key: 'ops.errors.word_required' };
  if (word.length > NG_WORD_MAX_LENGTH) return { field: 'word', key: 'ops.errors.word_too_long' };
  return undefined;
}

/** What a console form answers: done (with what changed), a field to fix, or the API's refusal. */
export type OpsActionResult =
  | { status: 'done'; intent: OpsIntent; targetId: number }
  | { status: 'invalid'; intent: OpsIntent; targetId: number; error: OpsFieldError }
  | { status: 'failed'; intent: OpsIntent; targetId: number; code: number; message: string };

/** A staff member as the staff screen shows them (ADR 042). */
export interface StaffMemberView {
  userId: number;
  email: string;
  active: boolean;
  status: string;
  roles: { role: string; since: string | undefined }[];
}

export interface StaffData {
  operator: OperatorView;
  members: StaffMemberView[];
}

export function toStaffMemberView(member: StaffMember, timeZone: string): StaffMemberView {
  return {
    userId: member.user_id,
    email: member.email,
    active: member.status === 'active',
    status: member.status,
    roles: member.role_list.map((grant) => ({ role: grant.role, since: isoOf(grant.granted_time, timeZone) })),
  };
}

/** The support screen (`/ops/support`, ADR 063): a search, and one reader with a ledger page. */
export interface SupportData {
  operator: OperatorView;
  query: string;
  matches: SupportReaderMatch[] | undefined;
  reader: Omit<SupportReaderResponse, 'status' | 'response_code' | 'error_message'> | undefined;
  ledger: { page: number; entries: SupportLedgerResponse['ledger_list']; hasNext: boolean } | undefined;
  /** A fresh key for each form drawn: a form sent twice grants once (ADR 063). */
  requestKey: string;
}

export type SupportActionResult = OpsActionResult & { repeated?: boolean };
