import { OpsReportStatus } from '@manga/contracts';
import { createContext, useContext, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import { Pager } from '#app/features/catalogue/pager.tsx';
import { CommenterNameText } from '#app/features/comments/comment-text.tsx';
import {
  type OpsActionResult,
  type ReportQueueData,
  type ReportView,
  reportQueueHref,
  SUSPENSION_PERIODS,
} from './ops.ts';
import {
  ActionDisclosure,
  ActionFeedback,
  type DisclosureTone,
  fieldClass,
  OpsFrame,
  ReasonField,
  SubmitButton,
  settledResult,
  useFormatTime,
} from './ops-frame.tsx';

/** The moderation actions of a report, each a disclosure with what it does and its form. */
type ReportAction = 'hide' | 'restore' | 'dismiss' | 'suspend' | 'unsuspend' | 'reset_nickname';

/** Per action: the disclosure's tone, whether a reason is required, and its translation keys. */
const REPORT_ACTIONS: Readonly<
  Record<ReportAction, { tone: DisclosureTone; reasonRequired: boolean; doneKey: string; target: 'comment' | 'user' }>
> = {
  hide: { tone: 'danger', reasonRequired: true, doneKey: 'ops.reports.hidden_done', target: 'comment' },
  restore: { tone: 'primary', reasonRequired: false, doneKey: 'ops.reports.restored', target: 'comment' },
  dismiss: { tone: 'neutral', reasonRequired: false, doneKey: 'ops.reports.dismissed', target: 'comment' },
  suspend: { tone: 'danger', reasonRequired: true, doneKey: 'ops.reports.suspended_done', target: 'user' },
  unsuspend: { tone: 'primary', reasonRequired: false, doneKey: 'ops.reports.unsuspended', target: 'user' },
  reset_nickname: { tone: 'danger', reasonRequired: true, doneKey: 'ops.reports.reset_nickname_done', target: 'user' },
};

/** One action of a report: the disclosure, what the action does, its form with its own fetcher. */
function ModerationAction({ action, report }: { action: ReportAction; report: ReportView }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const fetcher = useFetcher<OpsActionResult>();
  const id = useId();
  const spec = REPORT_ACTIONS[action];
  const result = settledResult(fetcher);
  const announce = useContext(AnnounceContext);
  const announced = useRef<OpsActionResult | undefined>(undefined);
  // The card may leave the list when the queue reloads (a hidden comment leaves "Open"), so say it
  // above the list as soon as the action answered, while the queue is still reloading.
  const answer = fetcher.data;
  useEffect(() => {
    if (answer?.status !== 'done' || announced.current === answer) return;
    announced.current = answer;
    announce(t(spec.doneKey));
  }, [answer, announce, t, spec.doneKey]);
  const danger = spec.tone === 'danger';
  return (
    <ActionDisclosure label={t(`ops.reports.${action}`)} tone={spec.tone} testId={`ops-${action}`}>
      <p className="mb-3 text-sm text-zinc-600">
        {t(`ops.reports.${action}_body`, {
          until: formatTime(report.author.suspendedUntil),
          name: report.author.nickname,
          tag: report.author.tag,
        })}
      </p>
      <fetcher.Form method="post" className="space-y-3" data-testid={`ops-form-${action}`}>
        <input type="hidden" name="intent" value={action} />
        {spec.target === 'comment' ? (
          <input type="hidden" name="comment_id" value={report.commentId} />
        ) : (
          <input type="hidden" name="user_id" value={report.author.userId} />
        )}
        {action === 'suspend' ? <SuspensionPeriodField /> : null}
        <ReasonField id={`${id}-reason`} required={spec.reasonRequired} result={result} />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton busy={fetcher.state !== 'idle'} tone={danger ? 'danger' : 'dark'}>
            {t(`ops.reports.${action}_submit`)}
          </SubmitButton>
          <ActionFeedback result={result} doneKey={spec.doneKey} />
        </div>
      </fetcher.Form>
    </ActionDisclosure>
  );
}

/**
 * What can be done with a report: a visible comment is hidden or its reports dismissed, a hidden one
 * restored; its commenter suspended or let go, and their nickname removed when they have one.
 */
function ReportActions({ report }: { report: ReportView }) {
  const actions: ReportAction[] = [
    ...(report.hidden ? (['restore'] as const) : (['hide', 'dismiss'] as const)),
    report.author.suspendedUntil ? 'unsuspend' : 'suspend',
    ...(report.author.nickname ? (['reset_nickname'] as const) : []),
  ];
  return (
    <div className="flex flex-wrap items-start gap-2" data-testid="ops-report-actions">
      {actions.map((action) => (
        <ModerationAction key={action} action={action} report={report} />
      ))}
    </div>
  );
}

function SuspensionPeriodField() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-bold text-zinc-700">
        {t('ops.reports.period')}
      </label>
      <select id={id} name="period" defaultValue="1d" className={`${fieldClass} mt-1 h-9`}>
        {SUSPENSION_PERIODS.map((period) => (
          <option key={period} value={period}>
            {t(`ops.periods.${period}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function StatusBadge({ report }: { report: ReportView }) {
  const { t } = useTranslation();
  if (report.hidden) {
    return (
      <span className="rounded-full bg-zinc-800 px-2.5 py-0.5 text-xs font-bold text-white" data-testid="ops-status">
        {t('ops.reports.status.hidden')}
      </span>
    );
  }
  const open = !report.reviewedAt || (report.latestReportAt !== undefined && report.latestReportAt > report.reviewedAt);
  return open ? (
    <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-900" data-testid="ops-status">
      {t('ops.reports.status.open')}
    </span>
  ) : (
    <span
      className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-bold text-emerald-800 ring-1 ring-emerald-200"
      data-testid="ops-status"
    >
      {t('ops.reports.status.reviewed')}
    </span>
  );
}

function ReportCard({ report }: { report: ReportView }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const headingId = useId();
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={`rounded-2xl border bg-white p-4 shadow-sm sm:p-5 ${report.hidden ? 'border-zinc-300 bg-zinc-50' : 'border-zinc-200'}`}
        data-testid="ops-report"
        data-comment-id={report.commentId}
      >
        <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <StatusBadge report={report} />
          <h2 id={headingId} className="text-sm font-bold text-ink">
            {t('ops.reports.reporters', { count: report.reporterCount })}
          </h2>
          {report.latestReportAt ? (
            <span className="text-xs text-zinc-500">
              {t('ops.reports.latest_report', { time: formatTime(report.latestReportAt) })}
            </span>
          ) : null}
          <span className="ml-auto font-mono text-[11px] text-zinc-500">#{report.commentId}</span>
        </header>

        <blockquote
          className={`mt-3 rounded-xl px-4 py-3 text-sm leading-relaxed [overflow-wrap:anywhere] whitespace-pre-line ring-1 ${
            report.hidden ? 'bg-white text-zinc-500 ring-zinc-200' : 'bg-zinc-50 text-zinc-900 ring-zinc-100'
          }`}
          data-testid="ops-report-text"
        >
          {report.text}
        </blockquote>
        {report.reasons.length > 0 ? (
          <div className="mt-3" data-testid="ops-report-reasons">
            <h3 className="sr-only">{t('ops.reports.reasons')}</h3>
            <ul className="flex flex-wrap gap-1.5">
              {report.reasons.map((entry) => (
                <li
                  key={entry.reason ?? ''}
                  className="rounded-full bg-amber-50 px-2.5 py-1 text-xs font-bold text-amber-900 ring-1 ring-amber-200"
                >
                  {entry.reason ? t(`comments.report_reason.${entry.reason}`) : t('ops.reports.no_reason')} ×{' '}
                  {entry.count}
                </li>
              ))}
            </ul>
            {report.notes.length > 0 ? (
              <ul className="mt-2 space-y-1 text-xs text-zinc-700" aria-label={t('ops.reports.notes')}>
                {report.notes.map((note, index) => (
                  <li
                    // biome-ignore lint/suspicious/noArrayIndexKey: notes are plain text that may repeat; the list never reorders
                    key={`${index}-${note}`}
                    className="[overflow-wrap:anywhere] before:content-['“'] after:content-['”']"
                  >
                    {note}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}

        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-xs font-semibold text-zinc-500">{t('ops.reports.where')}</dt>
            <dd className="mt-0.5 min-w-0">
              <Link to={report.title.commentsHref} className="font-semibold text-brand-700 hover:underline">
                {report.title.name}
              </Link>
              <span className="text-zinc-500"> / </span>
              <Link to={report.episode.href} className="text-zinc-700 hover:underline" data-testid="ops-report-episode">
                {report.episode.name}
              </Link>
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs font-semibold text-zinc-500">{t('ops.reports.author')}</dt>
            <dd className="mt-0.5 min-w-0 break-words">
              <span className="font-semibold text-ink" data-testid="ops-report-author">
                <CommenterNameText author={report.author} />
              </span>
              <span className="text-zinc-500">
                {' '}
                · {report.author.email || t('ops.reports.no_email')} ·{' '}
                {t('ops.reports.user_id', { id: report.author.userId })}
              </span>
              {report.author.suspendedUntil ? (
                <span className="mt-1 block w-fit rounded-full bg-red-50 px-2 py-0.5 text-xs font-bold text-red-700 ring-1 ring-red-200">
                  {t('ops.reports.suspended_until', { until: formatTime(report.author.suspendedUntil) })}
                </span>
              ) : null}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold text-zinc-500">{t('ops.reports.posted')}</dt>
            <dd className="mt-0.5 text-zinc-700">
              {formatTime(report.postedAt)} · {t('comments.likes', { count: report.likeCount })}
            </dd>
          </div>
          {report.reviewedAt ? (
            <div>
              <dt className="text-xs font-semibold text-zinc-500">{t('ops.reports.reviewed')}</dt>
              <dd className="mt-0.5 text-zinc-700">{formatTime(report.reviewedAt)}</dd>
            </div>
          ) : null}
        </dl>

        <div className="mt-4 border-t border-zinc-100 pt-4">
          <ReportActions report={report} />
        </div>
      </article>
    </li>
  );
}

const AnnounceContext = createContext<(message: string) => void>(() => undefined);

/** The report queue (`/ops`): reported comments with what a moderator decides on, and the actions. */
export function OpsReportsScreen({ queue }: { queue: ReportQueueData }) {
  const { t } = useTranslation();
  const statuses = [OpsReportStatus.Open, OpsReportStatus.Hidden, OpsReportStatus.All] as const;
  const [announcement, setAnnouncement] = useState<string | undefined>(undefined);
  return (
    <OpsFrame screen="reports" operator={queue.operator}>
      <AnnounceContext.Provider value={setAnnouncement}>
        <p
          role="status"
          className={
            announcement
              ? 'mb-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm font-bold text-emerald-800 ring-1 ring-emerald-200'
              : 'sr-only'
          }
          data-testid="ops-announcement"
        >
          {announcement ?? ''}
        </p>
        <nav aria-label={t('ops.reports.filter_label')} className="mb-5">
          <ul className="inline-flex flex-wrap rounded-full bg-zinc-100 p-1 text-sm font-bold">
            {statuses.map((status) => (
              <li key={status}>
                <Link
                  to={reportQueueHref(status)}
                  aria-current={queue.status === status ? 'page' : undefined}
                  className={`inline-flex h-8 items-center rounded-full px-4 transition ${
                    queue.status === status ? 'bg-white text-ink shadow-sm' : 'text-zinc-600 hover:text-ink'
                  }`}
                >
                  {t(`ops.reports.filter.${status}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {queue.reports.length === 0 ? (
          <div
            className="rounded-2xl border border-dashed border-zinc-300 bg-zinc-50 px-6 py-12 text-center"
            data-testid="ops-reports-empty"
          >
            <p className="text-base font-bold text-ink">{t(`ops.reports.empty.${queue.status}`)}</p>
            <p className="mt-1 text-sm text-zinc-500">{t('ops.reports.empty_body')}</p>
          </div>
        ) : (
          <ol className="grid gap-4" aria-label={t(`ops.reports.filter.${queue.status}`)}>
            {queue.reports.map((report) => (
              <ReportCard key={report.commentId} report={report} />
            ))}
          </ol>
        )}
        <Pager page={queue.page} hasNext={queue.hasNext} />
      </AnnounceContext.Provider>
    </OpsFrame>
  );
}
