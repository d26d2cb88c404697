import { OPS_REASON_MAX_LENGTH, responseCodeMessageKey } from '@manga/contracts';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type FetcherWithComponents, useFetcher } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { TabNav } from '#app/components/ui/tab-nav.tsx';
import { useDateFormat } from '#app/i18n/date-format.ts';
import {
  OPS_PATHS,
  OPS_SCREENS,
  type OperatorView,
  type OpsActionResult,
  type OpsScreen,
  opsScreensFor,
} from './ops.ts';

// The console's frame and the pieces its screens share: the tabs, the operator line, disclosure
// forms (native <details>, so they work by keyboard and without scripts) and their feedback.

export function OpsFrame({
  screen,
  operator,
  children,
}: {
  screen: OpsScreen;
  operator: OperatorView;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const screens = opsScreensFor(operator);
  return (
    <PageFrame
      title={t(OPS_SCREENS[screen].titleKey)}
      lead={t(OPS_SCREENS[screen].leadKey)}
      crumbs={[{ label: t('ops.console'), to: OPS_PATHS[screens[0] ?? screen] }]}
    >
      <div className="-mt-4 mb-6 flex flex-wrap items-center gap-2 text-xs text-zinc-500 sm:-mt-6">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 font-bold text-emerald-800 ring-1 ring-emerald-200">
          <svg viewBox="0 0 16 16" className="size-3.5" fill="currentColor" aria-hidden="true">
            <path d="M8 1 2.5 3.2v4.3c0 3.4 2.3 6.1 5.5 7.5 3.2-1.4 5.5-4.1 5.5-7.5V3.2z" />
          </svg>
          {t('ops.operator_badge')}
        </span>
        <span data-testid="ops-operator">{t('ops.signed_in_as', { email: operator.email })}</span>
      </div>
      <TabNav
        label={t('ops.console')}
        tabs={screens.map((key) => ({
          key,
          label: t(OPS_SCREENS[key].tabKey),
          href: OPS_PATHS[key],
          current: key === screen,
        }))}
      />
      {children}
    </PageFrame>
  );
}

export function useFormatTime(): (iso: string | undefined) => string {
  const dates = useDateFormat();
  return (iso) => (iso ? dates.dateTime(iso) : '');
}

const toneClass = {
  neutral: 'bg-white text-ink ring-1 ring-zinc-300 hover:bg-zinc-50',
  danger: 'bg-white text-red-700 ring-1 ring-red-200 hover:bg-red-50',
  primary: 'bg-white text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50',
} as const;

export type DisclosureTone = keyof typeof toneClass;

/** A button that opens a small form under it: a native disclosure, so keyboards and no-script browsers can use it. */
export function ActionDisclosure({
  label,
  tone = 'neutral',
  children,
  testId,
}: {
  label: string;
  tone?: DisclosureTone;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <details className="group w-full sm:w-auto open:basis-full" data-testid={testId}>
      <summary
        className={`inline-flex h-9 cursor-pointer list-none items-center gap-1.5 rounded-full px-4 text-sm font-bold transition select-none [&::-webkit-details-marker]:hidden ${toneClass[tone]}`}
      >
        {label}
        <svg
          viewBox="0 0 16 16"
          className="size-3.5 transition group-open:rotate-180"
          fill="currentColor"
          aria-hidden="true"
        >
          <path d="M3.5 6 8 10.5 12.5 6l-1-1L8 8.5 4.5 5z" />
        </svg>
      </summary>
      <div className="mt-2 w-full rounded-xl bg-zinc-50 p-3.5 ring-1 ring-zinc-200 sm:w-96">{children}</div>
    </details>
  );
}

export const fieldClass =
  'w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-ink ring-1 ring-zinc-300 outline-none transition placeholder:text-zinc-400 focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:ring-red-400';

export function SubmitButton({
  busy,
  tone = 'dark',
  children,
}: {
  busy: boolean;
  tone?: 'dark' | 'danger';
  children: ReactNode;
}) {
  return (
    <Button type="submit" variant={tone === 'danger' ? 'danger' : 'neutral'} size="sm" busy={busy}>
      {children}
    </Button>
  );
}

/** A reason field: required (hide, suspend) or an optional note; its error from the action. */
export function ReasonField({
  id,
  required,
  result,
}: {
  id: string;
  required: boolean;
  result: OpsActionResult | undefined;
}) {
  const { t } = useTranslation();
  const error = result?.status === 'invalid' && result.error.field === 'reason' ? result.error.key : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-bold text-zinc-700">
        {t(required ? 'ops.reason_required' : 'ops.reason_optional')}
      </label>
      <textarea
        id={id}
        name="reason"
        rows={2}
        required={required}
        maxLength={OPS_REASON_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${fieldClass} mt-1 resize-y`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-semibold text-red-700">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** What a console form's last submission answered, next to the form. */
export function ActionFeedback({ result, doneKey }: { result: OpsActionResult | undefined; doneKey: string }) {
  const { t } = useTranslation();
  if (!result || result.status === 'invalid') return null;
  if (result.status === 'done') {
    return (
      <p role="status" className="text-sm font-semibold text-emerald-700" data-testid="ops-action-done">
        {t(doneKey)}
      </p>
    );
  }
  return (
    <p role="alert" className="text-sm font-semibold text-red-700" data-testid="ops-action-failed">
      {t(responseCodeMessageKey(result.code))}{' '}
      <span className="font-mono text-[11px] font-normal opacity-80">
        {t('common.error_code', { code: result.code })}
        {result.message ? ` · ${result.message}` : ''}
      </span>
    </p>
  );
}

/** The result of a fetcher's last submission, once it is back (undefined while it is on its way). */
export function settledResult(fetcher: FetcherWithComponents<OpsActionResult>): OpsActionResult | undefined {
  return fetcher.state === 'idle' ? fetcher.data : undefined;
}

/** The card a console form sits in: its heading, a line saying what it does, the form. */
export function FormPanel({ heading, lead, children }: { heading: string; lead: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${id}-heading`} className="text-base font-extrabold text-ink">
        {heading}
      </h2>
      <p className="mt-1 text-sm leading-relaxed text-zinc-600">{lead}</p>
      {children}
    </section>
  );
}

/** A console screen with a form beside its list: the form stays in view on wide screens, comes first on phones. */
export function FormBesideList({ form, children }: { form: ReactNode; children: ReactNode }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[380px_minmax(0,1fr)]">
      <div className="lg:sticky lg:top-28">{form}</div>
      {children}
    </div>
  );
}

/** One radio choice drawn as a card: its name and a line on what it means. */
export function ChoiceCard({
  name,
  value,
  label,
  hint,
  defaultChecked,
  required,
}: {
  name: string;
  value: string;
  label: string;
  hint: string;
  defaultChecked?: boolean;
  required?: boolean;
}) {
  return (
    <label className="flex cursor-pointer gap-3 rounded-xl bg-zinc-50 p-3 ring-1 ring-zinc-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-300">
      <input
        type="radio"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        required={required}
        className="mt-1 size-4 accent-brand-600"
      />
      <span>
        <span className="block text-sm font-bold text-ink">{label}</span>
        <span className="mt-0.5 block text-xs leading-relaxed text-zinc-600">{hint}</span>
      </span>
    </label>
  );
}

/** What a console list says when it holds nothing (or nothing matches its filter). */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-zinc-300 bg-zinc-50 px-6 py-10 text-center text-sm text-zinc-500">
      {children}
    </p>
  );
}

/**
 * A destructive action on one row behind a disclosure: what it does, an optional reason, the button
 * and its answer; `fields` are the hidden inputs naming the row.
 */
export function DisclosedRemoval({
  label,
  testId,
  intent,
  fields,
  body,
  submitLabel,
  doneKey,
}: {
  label: string;
  testId: string;
  intent: string;
  fields: Record<string, string | number>;
  body: string;
  submitLabel: string;
  doneKey: string;
}) {
  const fetcher = useFetcher<OpsActionResult>();
  const id = useId();
  const result = settledResult(fetcher);
  return (
    <ActionDisclosure label={label} tone="danger" testId={testId}>
      <fetcher.Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <p className="text-sm text-zinc-600">{body}</p>
        <ReasonField id={`${id}-reason`} required={false} result={result} />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton busy={fetcher.state !== 'idle'} tone="danger">
            {submitLabel}
          </SubmitButton>
          <ActionFeedback result={result} doneKey={doneKey} />
        </div>
      </fetcher.Form>
    </ActionDisclosure>
  );
}
