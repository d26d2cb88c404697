import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { buttonClassName } from '#app/components/ui/button.tsx';
import { FormError } from '#app/components/ui/form-error.tsx';
import { AccountScreen, SubmitButton, useFormFeedback } from './account-form.tsx';
import type { AnyFormResult } from './account-forms.ts';
import { loginPathFor, SIGNUP_PATH } from './account-paths.ts';
import { type EmailLink, linkOpensForm } from './email-link.ts';

/** "Check your inbox" after a first step (product §4 two-step flows). */
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
        <Link to={back.to} className={buttonClassName({ variant: 'neutral', size: 'xl', block: true })}>
          {back.label}
        </Link>
        {again ? (
          <Link to={again.to} className={buttonClassName({ variant: 'secondary', size: 'xl', block: true })}>
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
      <Link to={restart.to} className={buttonClassName({ variant: 'neutral', size: 'xl', block: true })}>
        {restart.label}
      </Link>
    </AccountScreen>
  );
}

/**
 * An e-mailed link that no longer works (issue 24): used, expired or wrong, said when the page opens,
 * with the ways on: log in, or ask for a new link.
 */
export function EmailLinkScreen({ link, restart }: { link: EmailLink; restart: { to: string; label: string } }) {
  const { t } = useTranslation();
  if (link.status === 'missing') return <MissingTokenScreen restart={restart} />;
  const state = link.status === 'used' || link.status === 'expired' ? link.status : 'invalid';
  return (
    <AccountScreen
      tone="warn"
      title={t(`account.link_state.${state}_title`)}
      lead={<p role="status">{t(`account.link_state.${state}_body`)}</p>}
    >
      <div className="flex flex-col gap-2.5" data-testid="email-link-state" data-state={state}>
        <Link to={loginPathFor(undefined)} className={buttonClassName({ variant: 'neutral', size: 'xl', block: true })}>
          {t('account.link_state.log_in')}
        </Link>
        <Link to={restart.to} className={buttonClassName({ variant: 'secondary', size: 'xl', block: true })}>
          {restart.label}
        </Link>
      </div>
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
  link,
  result,
  submitLabel,
  done,
  restart,
}: {
  page: string;
  link: EmailLink;
  result: AnyFormResult | undefined;
  submitLabel: string;
  done: { title: string; body: string; action: ReactNode };
  restart: { to: string; label: string };
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const feedback = useFormFeedback(result, noChecks);
  // Done first: the link is used once the change is made, and the page is reloaded after it.
  if (result?.status === 'done') {
    return (
      <AccountScreen tone="success" title={done.title} lead={<p role="status">{done.body}</p>}>
        {done.action}
      </AccountScreen>
    );
  }
  if (!linkOpensForm(link)) return <EmailLinkScreen link={link} restart={restart} />;
  return (
    <AccountScreen title={t(`pages.${page}.title`)} lead={<p>{t(`pages.${page}.lead`)}</p>}>
      <Form method="post">
        <input type="hidden" name="token" value={link.token} />
        <FormError code={feedback.code} retryAfterSeconds={feedback.retryAfterSeconds} />
        <SubmitButton busy={busy} tone="brand">
          {submitLabel}
        </SubmitButton>
      </Form>
    </AccountScreen>
  );
}

export const signupRestart = (label: string) => ({ to: SIGNUP_PATH, label });
