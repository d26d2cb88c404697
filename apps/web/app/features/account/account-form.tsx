import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '#app/components/ui/brand-mark.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { DocumentLinkText } from '#app/components/ui/document-link-text.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useRootData } from '#app/root-data.ts';
import type { AnyFormResult, FieldErrorKey, Validated } from './account-forms.ts';
import { PRIVACY_PATH, TERMS_PATH } from './account-paths.ts';

const documentLinkClass =
  'font-semibold text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-600';

// Building blocks of the account screens and dialogs: labelled fields with their errors, consent
// boxes, the submit button, the screen card, and the feedback of a form (field errors inline,
// API codes in the error modal).

export const inputClass =
  'h-12 w-full rounded-xl border-0 bg-zinc-50 px-4 text-base text-ink ring-1 ring-zinc-300 transition outline-none placeholder:text-zinc-400 hover:ring-zinc-400 focus:bg-white focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:bg-red-50/40 aria-[invalid=true]:ring-red-400';

/** True once the page runs in the browser (after hydration). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Tells an action that the browser runs scripts (it then answers with data instead of redirecting back). */
export function ScriptMarker() {
  return useHydrated() ? <input type="hidden" name="_js" value="1" /> : null;
}

function FieldError({ id, error }: { id: string; error: FieldErrorKey | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
      <span>{t(error)}</span>
    </p>
  );
}

export function TextField({
  name,
  label,
  type = 'text',
  autoComplete,
  error,
  defaultValue,
  hint,
  autoFocus,
}: {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  error?: FieldErrorKey;
  defaultValue?: string;
  hint?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const isPassword = type === 'password';
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-bold text-ink">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          id={id}
          name={name}
          type={isPassword && visible ? 'text' : type}
          autoComplete={autoComplete}
          defaultValue={defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          required
          // The dialog's focus handling (useModalFocus) moves focus here when it opens.
          data-autofocus={autoFocus ? '' : undefined}
          autoCapitalize={type === 'email' || isPassword ? 'none' : undefined}
          spellCheck={type === 'email' || isPassword ? false : undefined}
          className={`${inputClass} ${isPassword && hydrated ? 'pr-20' : ''}`}
        />
        {isPassword && hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((value) => !value)}
            aria-pressed={visible}
            aria-label={t(visible ? 'account.fields.hide_password' : 'account.fields.show_password', { label })}
            className="absolute top-1/2 right-2 h-8 -translate-y-1/2 rounded-lg px-2.5 text-xs font-bold text-zinc-600 transition hover:bg-zinc-200/70 hover:text-ink"
          >
            {t(visible ? 'account.fields.hide' : 'account.fields.show')}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs leading-relaxed text-zinc-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** The sign-up form's fields (product §5: terms and privacy are required), in the dialog and on /account/presave. */
export function SignupFields({
  errors,
  busy,
  autoFocus,
  error,
}: {
  errors: Partial<Record<string, FieldErrorKey>>;
  busy: boolean;
  autoFocus?: boolean;
  /** Why the last submission failed (FormError), shown above the button. */
  error?: ReactNode;
}) {
  const { t } = useTranslation();
  const askConsent = useRootData()?.signupAsksConsent ?? true;
  return (
    <>
      <ScriptMarker />
      <TextField
        name="email"
        type="email"
        label={t('account.fields.email')}
        autoComplete="email"
        error={errors.email}
        autoFocus={autoFocus}
      />
      {askConsent ? (
        <div className="space-y-2.5">
          <ConsentCheckbox name="terms" i18nKey="dialog.signup.agree_terms" to={TERMS_PATH} error={errors.terms} />
          <ConsentCheckbox
            name="privacy"
            i18nKey="dialog.signup.agree_privacy"
            to={PRIVACY_PATH}
            error={errors.privacy}
          />
        </div>
      ) : (
        // The gate recorded the consent (issue 24: asked once): said, with the documents a tap away.
        <p className="text-xs leading-relaxed text-zinc-500" data-testid="signup-consent-given">
          <input type="hidden" name="terms" value="on" />
          <input type="hidden" name="privacy" value="on" />
          <Trans
            i18nKey="dialog.signup.consent_given"
            components={{
              terms: <Link to={TERMS_PATH} target="_blank" rel="noopener" className={documentLinkClass} />,
              privacy: <Link to={PRIVACY_PATH} target="_blank" rel="noopener" className={documentLinkClass} />,
            }}
          />
        </p>
      )}
      {error}
      <SubmitButton busy={busy} tone="brand">
        {t('dialog.signup.submit')}
      </SubmitButton>
    </>
  );
}

/** A new password and its confirmation: sign-up sets `password`, the change and reset flows `new_password`. */
export function NewPasswordFields({
  name,
  errors,
}: {
  name: 'password' | 'new_password';
  errors: Partial<Record<string, FieldErrorKey>>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        name={name}
        type="password"
        label={t(`account.fields.${name}`)}
        autoComplete="new-password"
        hint={t('account.password_hint')}
        error={errors[name]}
      />
      <TextField
        name={`${name}_confirmation`}
        type="password"
        label={t(`account.fields.${name}_confirmation`)}
        autoComplete="new-password"
        error={errors[`${name}_confirmation`]}
      />
    </>
  );
}

/** A required agreement with a link to the document (product §5: terms and privacy before sign-up). */
export function ConsentCheckbox({
  name,
  i18nKey,
  to,
  error,
}: {
  name: string;
  i18nKey: string;
  to: string;
  error?: FieldErrorKey;
}) {
  const id = useId();
  return (
    <div>
      <label className="flex cursor-pointer items-start gap-3 rounded-xl bg-zinc-50 px-4 py-3 ring-1 ring-zinc-200 transition hover:ring-zinc-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-400">
        <input
          type="checkbox"
          name={name}
          value="1"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 rounded accent-brand-600"
        />
        <span className="text-sm leading-relaxed text-zinc-700">
          <DocumentLinkText i18nKey={i18nKey} to={to} />
        </span>
      </label>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function SubmitButton({
  busy,
  children,
  tone = 'ink',
}: {
  busy: boolean;
  children: ReactNode;
  tone?: 'ink' | 'brand';
}) {
  const { t } = useTranslation();
  return (
    <Button
      type="submit"
      variant={tone === 'brand' ? 'primary' : 'neutral'}
      size="xl"
      block
      busy={busy}
      busyLabel={t('account.submitting')}
    >
      {children}
    </Button>
  );
}

/** The card of an account screen: mark, heading, lead, content. */
export function AccountScreen({
  title,
  lead,
  children,
  tone = 'brand',
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  tone?: 'brand' | 'success' | 'mail' | 'warn';
}) {
  const icons: Record<typeof tone, ReactNode> = {
    brand: <BrandMark className="size-12" />,
    success: (
      <span className="grid size-12 place-items-center rounded-2xl bg-emerald-50 text-emerald-600" aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          aria-hidden="true"
        >
          <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
    ),
    mail: (
      <span className="grid size-12 place-items-center rounded-2xl bg-brand-50 text-brand-600" aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <rect x="3" y="5" width="18" height="14" rx="2.5" />
          <path d="m4 7 8 6 8-6" strokeLinejoin="round" />
        </svg>
      </span>
    ),
    warn: (
      <span className="grid size-12 place-items-center rounded-2xl bg-amber-50 text-amber-600" aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M12 4 2.8 19.5h18.4z" strokeLinejoin="round" />
          <path d="M12 10v4.5M12 17v.01" strokeLinecap="round" />
        </svg>
      </span>
    ),
  };
  return (
    <div className="flex flex-1 items-start justify-center bg-zinc-50 px-4 py-8 sm:items-center sm:py-14">
      <section className="w-full max-w-md rounded-3xl bg-white px-6 py-8 shadow-xl shadow-zinc-900/5 ring-1 ring-zinc-200 sm:px-9 sm:py-10">
        {icons[tone]}
        <h1 className="mt-5 text-2xl font-black tracking-tight text-ink sm:text-[28px]">{title}</h1>
        {lead ? <div className="mt-2 text-sm leading-relaxed text-zinc-600">{lead}</div> : null}
        {children ? <div className="mt-7">{children}</div> : null}
      </section>
    </div>
  );
}

export const textLinkClass =
  'font-semibold text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-600';

/**
 * The feedback of one account form: its own checks before sending (product §5, shared with the
 * server), field errors from either side, and the API code of a refused call for the error modal.
 */
export function useFormFeedback(
  result: AnyFormResult | undefined,
  validate: (form: FormData) => Validated<string, unknown>,
) {
  const [clientErrors, setClientErrors] = useState<Partial<Record<string, FieldErrorKey>> | undefined>();
  const [dismissed, setDismissed] = useState<unknown>(undefined);
  const [lastResult, setLastResult] = useState(result);
  if (result !== lastResult) {
    // A new answer replaces what the browser found before sending.
    setLastResult(result);
    setClientErrors(undefined);
  }
  const errors = clientErrors ?? (result?.status === 'invalid' ? result.errors : {});
  const failure = result?.status === 'failed' && dismissed !== result ? result : undefined;
  const code = failure?.code;
  const retryAfterSeconds = failure?.retryAfterSeconds;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const checked = validate(new FormData(form));
    if (checked.ok) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    setClientErrors(checked.errors);
    const first = Object.keys(checked.errors)[0];
    if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };
  return { errors, code, retryAfterSeconds, dismissError: () => setDismissed(result), onSubmit };
}
