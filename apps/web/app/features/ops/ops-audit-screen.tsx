import { AuditTarget } from '@manga/contracts';
import { useTranslation } from 'react-i18next';
import { Pager } from '#app/features/catalogue/pager.tsx';
import { type AuditEntryView, type AuditLogData, auditActionKey } from './ops.ts';
import { OpsFrame, useFormatTime } from './ops-frame.tsx';

const ACTION_TONES: Readonly<Record<string, string>> = {
  'comment.hide': 'bg-red-50 text-red-800 ring-red-200',
  'commenter.suspend': 'bg-red-50 text-red-800 ring-red-200',
  'comment.restore': 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  'commenter.unsuspend': 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  'nickname.reset': 'bg-red-50 text-red-800 ring-red-200',
  'ng_word.add': 'bg-violet-50 text-violet-800 ring-violet-200',
  'ng_word.remove': 'bg-violet-50 text-violet-800 ring-violet-200',
};

function ActionLabel({ action }: { action: string }) {
  const { t } = useTranslation();
  const key = auditActionKey(action);
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-bold ring-1 ${ACTION_TONES[action] ?? 'bg-zinc-100 text-zinc-700 ring-zinc-200'}`}
    >
      {key ? t(key) : action}
    </span>
  );
}

function TargetText({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation();
  const known = (Object.values(AuditTarget) as string[]).includes(entry.target.type);
  return (
    <span className="font-mono text-xs text-zinc-700">
      {known
        ? t(`ops.audit.targets.${entry.target.type}`, { id: entry.target.id })
        : `${entry.target.type} #${entry.target.id}`}
    </span>
  );
}

function Detail({ entry }: { entry: AuditEntryView }) {
  if (entry.detail.length === 0) return null;
  return (
    <dl className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-zinc-500">
      {entry.detail.map(([key, value]) => (
        <div key={key} className="flex gap-1">
          <dt className="font-semibold">{key}</dt>
          <dd className="font-mono break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Who({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation();
  return entry.operator ? (
    <span className="break-all">{entry.operator.email || t('ops.reports.user_id', { id: entry.operator.userId })}</span>
  ) : (
    <span className="italic text-zinc-500">{t('ops.audit.cli')}</span>
  );
}

/** The audit log (`/ops/audit`): who did what to which comment, commenter or word, when and why. */
export function OpsAuditScreen({ log }: { log: AuditLogData }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  return (
    <OpsFrame screen="audit" operator={log.operator}>
      {log.entries.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-zinc-300 bg-zinc-50 px-6 py-12 text-center text-sm text-zinc-500">
          {t('ops.audit.empty')}
        </p>
      ) : (
        <>
          {/* Narrow screens: one card per change. */}
          <ol className="grid gap-3 md:hidden" aria-label={t('pages.ops-audit.title')}>
            {log.entries.map((entry) => (
              <li
                key={entry.id}
                className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm"
                data-testid="ops-audit-entry"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <ActionLabel action={entry.action} />
                  <TargetText entry={entry} />
                </div>
                <p className="mt-2 text-sm text-ink">
                  {entry.reason || <span className="text-zinc-500">{t('ops.audit.no_reason')}</span>}
                </p>
                <Detail entry={entry} />
                <p className="mt-2 text-xs text-zinc-500">
                  <time dateTime={entry.at}>{formatTime(entry.at)}</time> · <Who entry={entry} />
                </p>
              </li>
            ))}
          </ol>
          {/* Wide screens: a table. */}
          <div className="hidden overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('pages.ops-audit.title')}</caption>
              <thead className="bg-zinc-50 text-xs font-bold text-zinc-500">
                <tr>
                  {(['when', 'who', 'what', 'why'] as const).map((column) => (
                    <th key={column} scope="col" className="px-4 py-3">
                      {t(`ops.audit.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100">
                {log.entries.map((entry) => (
                  <tr key={entry.id} className="align-top" data-testid="ops-audit-row">
                    <td className="px-4 py-3 whitespace-nowrap text-zinc-600">
                      <time dateTime={entry.at}>{formatTime(entry.at)}</time>
                    </td>
                    <td className="max-w-56 px-4 py-3 text-zinc-700">
                      <Who entry={entry} />
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex flex-wrap items-center gap-2">
                        <ActionLabel action={entry.action} />
                        <TargetText entry={entry} />
                      </div>
                      <div className="mt-1">
                        <Detail entry={entry} />
                      </div>
                    </td>
                    <td className="px-4 py-3 break-words text-ink">
                      {entry.reason || <span className="text-zinc-500">{t('ops.audit.no_reason')}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pager page={log.page} hasNext={log.hasNext} />
    </OpsFrame>
  );
}
