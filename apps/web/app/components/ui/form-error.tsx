import { responseCodeMessageKey } from '@manga/contracts';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';

/** "Try again in 30 seconds" / "in 5 minutes" for a throttled call's Retry-After. */
export function useRetryAfterText(): (seconds: number) => string {
  const { t } = useTranslation();
  return (seconds) =>
    seconds < 120
      ? t('account.error_modal.retry_after_seconds', { count: seconds })
      : t('account.error_modal.retry_after_minutes', { count: Math.ceil(seconds / 60) });
}

/**
 * Why a form's call failed, inside the form beside its fields: the product §8 message in words, how
 * long to wait when the API asked to slow down, and the response code only as small print.
 */
export function FormError({
  code,
  retryAfterSeconds,
  id,
}: {
  code: number | undefined;
  retryAfterSeconds?: number | undefined;
  id?: string;
}) {
  const { t } = useTranslation();
  const retryAfter = useRetryAfterText();
  if (code === undefined) return null;
  return (
    <div
      id={id}
      role="alert"
      data-testid="form-error"
      className="flex gap-2.5 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200"
    >
      <Icon name="alertOutline" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold" data-testid="form-error-message">
          {t(responseCodeMessageKey(code))}
        </p>
        {retryAfterSeconds !== undefined ? (
          <p className="mt-0.5" data-testid="form-error-retry">
            {retryAfter(retryAfterSeconds)}
          </p>
        ) : null}
        <p className="mt-1 text-[11px] text-red-700/80">{t('common.error_code', { code })}</p>
      </div>
    </div>
  );
}

/** A page section whose call failed while the rest of the page stands: the message, the code as small print. */
export function SectionError({ code, className = 'py-4' }: { code: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <p role="alert" className={`text-sm text-zinc-600 ${className}`}>
      {t(responseCodeMessageKey(code))}{' '}
      <span className="text-[11px] text-zinc-500">{t('common.error_code', { code })}</span>
    </p>
  );
}

/** A field's error from the action, under it (its id is what the field's aria-describedby names). */
export function FieldErrorText({ id, error }: { id: string; error: string | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-xs font-semibold text-red-700">
      {t(error)}
    </p>
  );
}
