import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { SERVICE_NAME } from '#app/brand.ts';
import { useLoginState } from '#app/client/login-state.tsx';
import { buttonClassName } from '#app/components/ui/button.tsx';
import { FormError } from '#app/components/ui/form-error.tsx';
import { useRootData } from '#app/root-data.ts';
import {
  AccountScreen,
  NewPasswordFields,
  SignupFields,
  SubmitButton,
  textLinkClass,
  useFormFeedback,
  useHydrated,
} from './account-form.tsx';
import { type AnyFormResult, validateNewPasswordForm, validateSignupForm } from './account-forms.ts';
import { SETTINGS_PATH } from './account-paths.ts';
import { EmailLinkScreen, signupRestart } from './account-screens.tsx';
import { type EmailLink, linkOpensForm } from './email-link.ts';

// The sign-up flow's pages (product §4 two steps): the form, the mailed link's password page, welcome.

/** What the sign-up form answers: field errors or an API code, or the address the link went to. */
export type SignupResult = AnyFormResult | { status: 'done'; email: string };

/** Sign-up's first step: the address and the consents, then "check your mail". */
export function SignupScreen({ result }: { result: SignupResult | undefined }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const busy = useNavigation().state === 'submitting';
  const feedback = useFormFeedback(result, validateSignupForm);

  if (result?.status === 'done' && 'email' in result) {
    return (
      <AccountScreen
        tone="mail"
        title={t('dialog.signup.sent_title')}
        lead={<p role="status">{t('dialog.signup.sent_body', { email: result.email })}</p>}
      >
        <p className="text-sm leading-relaxed text-zinc-500">{t('account.sent.spam_hint')}</p>
        <Link to="/" className={buttonClassName({ variant: 'neutral', size: 'xl', block: true, className: 'mt-6' })}>
          {t('common.back_to_top')}
        </Link>
      </AccountScreen>
    );
  }
  return (
    <AccountScreen title={t('pages.account-presave.title')} lead={<p>{t('pages.account-presave.lead')}</p>}>
      <Form method="post" noValidate={hydrated} onSubmit={feedback.onSubmit} className="space-y-4">
        <SignupFields
          errors={feedback.errors}
          busy={busy}
          error={<FormError code={feedback.code} retryAfterSeconds={feedback.retryAfterSeconds} />}
        />
      </Form>
      <p className="mt-6 border-t border-zinc-100 pt-5 text-center text-sm text-zinc-600">
        {t('dialog.signup.switch_lead')}{' '}
        <Link to="/?dialog=login" className={textLinkClass}>
          {t('dialog.signup.switch')}
        </Link>
      </p>
    </AccountScreen>
  );
}

/** Sign-up's second step (the mailed link): choose the password. */
export function SignupSaveScreen({ link, result }: { link: EmailLink; result: AnyFormResult | undefined }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const busy = useNavigation().state !== 'idle';
  const feedback = useFormFeedback(result, validateNewPasswordForm);
  if (!linkOpensForm(link)) {
    return <EmailLinkScreen link={link} restart={signupRestart(t('account.link_state.new_signup_link'))} />;
  }
  return (
    <AccountScreen title={t('pages.account-save.title')} lead={<p>{t('account.save.lead')}</p>}>
      <Form method="post" noValidate={hydrated} onSubmit={feedback.onSubmit} className="space-y-4">
        <input type="hidden" name="token" value={link.token} />
        <NewPasswordFields name="password" errors={feedback.errors} />
        <FormError code={feedback.code} retryAfterSeconds={feedback.retryAfterSeconds} />
        <SubmitButton busy={busy} tone="brand">
          {t('account.save.submit')}
        </SubmitButton>
      </Form>
    </AccountScreen>
  );
}

/** After sign-up: welcome, logged in. */
export function SignupWelcomeScreen() {
  const { t } = useTranslation();
  const root = useRootData();
  const { setLoggedIn } = useLoginState();
  const loggedIn = root?.isLoggedIn ?? false;

  // product §4: completing sign-up sets the login state.
  useEffect(() => {
    if (loggedIn) setLoggedIn(true);
  }, [loggedIn, setLoggedIn]);

  return (
    <AccountScreen
      tone="success"
      title={t('pages.account-save-welcome.title', { name: SERVICE_NAME })}
      lead={<p role="status">{t('pages.account-save-welcome.lead')}</p>}
    >
      <div className="flex flex-col gap-2.5">
        <Link to="/" className={buttonClassName({ variant: 'neutral', size: 'xl', block: true })}>
          {t('account.welcome.start_reading')}
        </Link>
        <Link to={SETTINGS_PATH} className={buttonClassName({ variant: 'secondary', size: 'xl', block: true })}>
          {t('account.welcome.settings')}
        </Link>
      </div>
    </AccountScreen>
  );
}
