import { responseCodeMessageKey } from '@manga/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wireToInput } from './editorial.ts';
import type { TopCurationResult } from './top-curation.ts';
import { TimeInZones, WireTimeField } from './wire-time-field.tsx';

// The top page curation screen's shared pieces (ADR 074): a section, an answer line, the active badge, a
// window's text and its two time fields.

export const sectionClass = 'rounded-2xl bg-white p-4 ring-1 ring-zinc-200 sm:p-6';
export const h2Class = 'text-base font-bold text-ink';

export function Section({
  title,
  lead,
  testId,
  children,
}: {
  title: string;
  lead?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className={sectionClass} aria-labelledby={`${testId}-heading`} data-testid={testId}>
      <h2 id={`${testId}-heading`} className={h2Class}>
        {title}
      </h2>
      {lead ? <p className="mt-1 text-sm text-zinc-600">{lead}</p> : null}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/** A form's answer on one line (role status / alert). */
export function Answer({ result, doneText }: { result: TopCurationResult | undefined; doneText: string }) {
  const { t } = useTranslation();
  if (!result) return null;
  if (result.status === 'done') {
    return (
      <p role="status" className="text-sm font-semibold text-emerald-700" data-testid="top-done">
        {doneText}
      </p>
    );
  }
  return (
    <p role="alert" className="text-sm font-semibold text-red-700" data-testid="top-failed">
      {t(responseCodeMessageKey(result.code))}
      {result.message ? <span className="mt-0.5 block font-mono text-xs font-normal">{result.message}</span> : null}
    </p>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return active ? (
    <span className="inline-flex items-center rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-bold text-emerald-800 ring-1 ring-emerald-200">
      {t('top_curation.active')}
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-bold text-zinc-700 ring-1 ring-zinc-300">
      {t('top_curation.inactive')}
    </span>
  );
}

/** "from … until …" of a window in the wire zone, the editor's time beside each. */
export function WindowText({ start, end, zone }: { start: string; end: string; zone: string }) {
  const { t } = useTranslation();
  if (!start && !end) return <span className="text-xs text-zinc-500">{t('top_curation.always')}</span>;
  return (
    <div className="text-xs text-zinc-600">
      {start ? (
        <div>
          {t('top_curation.from')} <TimeInZones wire={start} wireTimeZone={zone} />
        </div>
      ) : null}
      {end ? (
        <div>
          {t('top_curation.until')} <TimeInZones wire={end} wireTimeZone={zone} />
        </div>
      ) : null}
    </div>
  );
}

export function WindowFields({
  zone,
  start: initialStart = '',
  end: initialEnd = '',
  testId,
  startRequired = false,
}: {
  zone: string;
  start?: string;
  end?: string;
  testId: string;
  startRequired?: boolean;
}) {
  const { t } = useTranslation();
  const [start, setStart] = useState(wireToInput(initialStart));
  const [end, setEnd] = useState(wireToInput(initialEnd));
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <WireTimeField
        label={t('top_curation.start_time', { zone })}
        name="start_time"
        value={start}
        onChange={setStart}
        emptyHint={startRequired ? undefined : t('top_curation.no_start')}
        wireTimeZone={zone}
        testId={`${testId}-start`}
      />
      <WireTimeField
        label={t('top_curation.end_time', { zone })}
        name="end_time"
        value={end}
        onChange={setEnd}
        emptyHint={t('top_curation.no_end')}
        wireTimeZone={zone}
        testId={`${testId}-end`}
      />
    </div>
  );
}
