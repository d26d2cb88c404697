import { responseCodeMessageKey } from '@manga/contracts';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldErrorText } from '#app/components/ui/form-error.tsx';
import type { EditorialActionResult } from './editorial.ts';
import { labelClass } from './editorial-frame.tsx';

// One labelled field of the catalogue console (the label, the control, a hint under it and the
// field's error, the control described by both), and a form's one-line answer.

/** What the control of a Field spreads onto itself. */
export interface FieldControl {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export function Field({
  label,
  hint,
  error,
  className,
  children,
}: {
  label: string;
  /** Shown under the control and read with it. */
  hint?: ReactNode;
  /** An i18n key (FieldErrorText). */
  error?: string;
  /** The wrapper's classes (e.g. a grid span). */
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy || undefined, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <div id={hintId} className="mt-1 text-xs text-zinc-500">
          {hint}
        </div>
      ) : null}
      <FieldErrorText id={errorId} error={error} />
    </div>
  );
}

/** A form's answer on one line: `doneText` once saved, else the failure's message (`testId`-done / -failed). */
export function ResultLine({
  result,
  doneText,
  className = '',
  testId,
}: {
  result: EditorialActionResult | undefined;
  doneText: string;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (result?.status === 'done') {
    return (
      <p
        role="status"
        className={`${className} text-sm font-semibold text-emerald-700`.trim()}
        data-testid={testId && `${testId}-done`}
      >
        {doneText}
      </p>
    );
  }
  if (result?.status === 'failed') {
    return (
      <p
        role="alert"
        className={`${className} text-sm font-semibold text-red-700`.trim()}
        data-testid={testId && `${testId}-failed`}
      >
        {result.message || t(responseCodeMessageKey(result.code))}
      </p>
    );
  }
  return null;
}

/** The title forms' answer: `doneKey` once saved, else the failure in words with its message as small print. */
export function Feedback({ result, doneKey }: { result: EditorialActionResult | undefined; doneKey: string }) {
  const { t } = useTranslation();
  if (!result) return null;
  if (result.status === 'done') {
    return (
      <p role="status" className="text-sm font-semibold text-emerald-700" data-testid="editorial-done">
        {t(doneKey)}
      </p>
    );
  }
  return (
    <p role="alert" className="text-sm font-semibold text-red-700" data-testid="editorial-failed">
      {t(responseCodeMessageKey(result.code))}
      {result.message ? <span className="mt-0.5 block font-mono text-xs font-normal">{result.message}</span> : null}
    </p>
  );
}
