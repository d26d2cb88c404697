import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { FormError } from '#app/components/ui/form-error.tsx';
import {
  AccountScreen,
  primaryLinkClass,
  SubmitButton,
  secondaryButtonClass,
  useFormFeedback,
} from './account-form.tsx';
import type { AnyFormResult } from './account-forms.ts';
import { SIGNUP_PATH } from './account-paths.ts';

/** "Check your inbox" after a first step (SPEC §4 two-step flows). */
export function SentScreen({
  page,
  back,
  again,
}: {
  page: string;
  back: { to: string; label: string };
  again?: { to: string; label: string };
}) {
  const { t } = useTranslation();
  return (
    <AccountScreen tone="mail" title={t(`pages.${page}.title`)} lead={<p>{t(`pages.${page}.lead`)}</p>}>
      <div
        role="status"
        className="rounded-2xl bg-zinc-50 px-4 py-3.5 text-sm leading-relaxed text-zinc-600 ring-1 ring-zinc-200"
      >
        {t('account.sent.spam_hint')}
      </div>
      <div className="mt-6 flex flex-col gap-2.5">
        <Link to={back.to} className={primaryLinkClass}>
          {back.label}
        </Link>
        {again ? (
          <Link to={again.to} className={secondaryButtonClass}>
            {again.label}
          </Link>
        ) : null}
      </div>
    </AccountScreen>
  );
}

/** An e-mailed link opened without its token (or with a broken one). */
export function MissingTokenScreen({ restart }: { restart: { to: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <AccountScreen tone="warn" title={t('account.token_missing.title')} lead={<p>{t('account.token_missing.body')}</p>}>
      <Link to={restart.to} className={primaryLinkClass}>
        {restart.label}
      </Link>
    </AccountScreen>
  );
}

const noChecks = () => ({ ok: true as const, values: {} });

/**
 * The page an e-mailed link opens for a change that one click applies (e-mail change, password
 * change, password reset): mail scanners open links, so nothing happens before the click (ADR 007).
 */
export function TokenConfirmScreen({
  page,
  token,
  result,
  submitLabel,
  done,
  restart,
}: {
  page: string;
  token: string | undefined;
  result: AnyFormResult | undefined;
  submitLabel: string;
  done: { title: string; body: string; action: ReactNode };
  restart: { to: string; label: string };
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const feedback = useFormFeedback(result, noChecks);
  if (!token) return <MissingTokenScreen restart={restart} />;
  if (result?.status === 'done') {
    return (
      <AccountScreen tone="success" title={done.title} lead={<p role="status">{done.body}</p>}>
        {done.action}
      </AccountScreen>
    );
  }
  return (
    <AccountScreen title={t(`pages.${page}.title`)} lead={<p>{t(`pages.${page}.lead`)}</p>}>
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <FormError code={feedback.code} retryAfterSeconds={feedback.retryAfterSeconds} />
        <SubmitButton busy={busy} tone="brand">
          {submitLabel}
        </SubmitButton>
      </Form>
    </AccountScreen>
  );
}

export const signupRestart = (label: string) => ({ to: SIGNUP_PATH, label });
