import { OpsReportStatus } from '@manga/contracts';
import { createContext, type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import { Pager } from '#app/features/catalogue/pager.tsx';
import { CommenterNameText } from '#app/features/comments/episode-comments.tsx';
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
  fieldClass,
  OpsFrame,
  ReasonField,
  SubmitButton,
  settledResult,
  useFormatTime,
} from './ops-frame.tsx';

/** A moderation form of one report: its hidden fields, reason and submit, with its own fetcher. */
function ModerationForm({
  intent,
  hidden,
  reasonRequired,
  submitLabel,
  doneKey,
  tone,
  children,
}: {
  intent: string;
  hidden: Record<string, string | number>;
  reasonRequired: boolean;
  submitLabel: string;
  doneKey: string;
  tone?: 'dark' | 'danger';
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<OpsActionResult>();
  const id = useId();
  const result = settledResult(fetcher);
  const announce = useContext(AnnounceContext);
  const announced = useRef<OpsActionResult | undefined>(undefined);
  // The card may leave the list when the queue reloads (a hidden comment leaves "Open"), so say it
  // above the list as soon as the action answered, while the queue is still reloading.
  const answer = fetcher.data;
  useEffect(() => {
    if (answer?.status !== 'done' || announced.current === answer) return;
    announced.current = answer;
    announce(t(doneKey));
  }, [answer, announce, t, doneKey]);
  return (
    <fetcher.Form method="post" className="space-y-3" data-testid={`ops-form-${intent}`}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <ReasonField id={`${id}-reason`} required={reasonRequired} result={result} />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={fetcher.state !== 'idle'} tone={tone}>
          {submitLabel}
        </SubmitButton>
        <ActionFeedback result={result} doneKey={doneKey} />
      </div>
    </fetcher.Form>
  );
}

function ReportActions({ report }: { report: ReportView }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const comment = { comment_id: report.commentId };
  const user = { user_id: report.author.userId };
  return (
    <div className="flex flex-wrap items-start gap-2" data-testid="ops-report-actions">
      {report.hidden ? (
        <ActionDisclosure label={t('ops.reports.restore')} tone="primary" testId="ops-restore">
          <p className="mb-3 text-sm text-zinc-600">{t('ops.reports.restore_body')}</p>
          <ModerationForm
            intent="restore"
            hidden={comment}
            reasonRequired={false}
            submitLabel={t('ops.reports.restore_submit')}
            doneKey="ops.reports.restored"
          />
        </ActionDisclosure>
      ) : (
        <>
          <ActionDisclosure label={t('ops.reports.hide')} tone="danger" testId="ops-hide">
            <p className="mb-3 text-sm text-zinc-600">{t('ops.reports.hide_body')}</p>
            <ModerationForm
              intent="hide"
              hidden={comment}
              reasonRequired
              submitLabel={t('ops.reports.hide_submit')}
              doneKey="ops.reports.hidden_done"
              tone="danger"
            />
          </ActionDisclosure>
          <ActionDisclosure label={t('ops.reports.dismiss')} testId="ops-dismiss">
            <p className="mb-3 text-sm text-zinc-600">{t('ops.reports.dismiss_body')}</p>
            <ModerationForm
              intent="dismiss"
              hidden={comment}
              reasonRequired={false}
              submitLabel={t('ops.reports.dismiss_submit')}
              doneKey="ops.reports.dismissed"
            />
          </ActionDisclosure>
        </>
      )}
      {report.author.suspendedUntil ? (
        <ActionDisclosure label={t('ops.reports.unsuspend')} tone="primary" testId="ops-unsuspend">
          <p className="mb-3 text-sm text-zinc-600">
            {t('ops.reports.unsuspend_body', { until: formatTime(report.author.suspendedUntil) })}
          </p>
          <ModerationForm
            intent="unsuspend"
            hidden={user}
            reasonRequired={false}
            submitLabel={t('ops.reports.unsuspend_submit')}
            doneKey="ops.reports.unsuspended"
          />
        </ActionDisclosure>
      ) : (
        <ActionDisclosure label={t('ops.reports.suspend')} tone="danger" testId="ops-suspend">
          <p className="mb-3 text-sm text-zinc-600">{t('ops.reports.suspend_body')}</p>
          <ModerationForm
            intent="suspend"
            hidden={user}
            reasonRequired
            submitLabel={t('ops.reports.suspend_submit')}
            doneKey="ops.reports.suspended_done"
            tone="danger"
          >
            <SuspensionPeriodField />
          </ModerationForm>
        </ActionDisclosure>
      )}
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
          <span className="ml-auto font-mono text-[11px] text-zinc-400">#{report.commentId}</span>
        </header>

        <blockquote
          className={`mt-3 rounded-xl px-4 py-3 text-sm leading-relaxed [overflow-wrap:anywhere] whitespace-pre-line ring-1 ${
            report.hidden ? 'bg-white text-zinc-500 ring-zinc-200' : 'bg-zinc-50 text-zinc-900 ring-zinc-100'
          }`}
          data-testid="ops-report-text"
        >
          {report.text}
        </blockquote>

        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-xs font-semibold text-zinc-500">{t('ops.reports.where')}</dt>
            <dd className="mt-0.5 min-w-0">
              <Link to={report.title.commentsHref} className="font-semibold text-brand-700 hover:underline">
                {report.title.name}
              </Link>
              <span className="text-zinc-400"> / </span>
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
                    queue.status === status ? 'bg-white text-ink shadow-sm' : 'text-zinc-500 hover:text-ink'
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
