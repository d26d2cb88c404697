import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { buttonClassName } from '#app/components/ui/button.tsx';
import { FormError } from '#app/components/ui/form-error.tsx';
import {
  AccountScreen,
  NewPasswordFields,
  SubmitButton,
  TextField,
  textLinkClass,
  useFormFeedback,
  useHydrated,
} from './account-form.tsx';
import { type AnyFormResult, validatePasswordChangeForm, validatePasswordResetForm } from './account-forms.ts';
import { loginPathFor, PASSWORD_CHANGE_PATH, PASSWORD_RESET_REQUEST_PATH } from './account-paths.ts';

// The first steps of a password change (logged in) and of a password reset (forgotten).

/** Password change's first step: current and new password (a visitor must log in first). */
export function PasswordChangeScreen({
  isLoggedIn,
  result,
}: {
  isLoggedIn: boolean;
  result: AnyFormResult | undefined;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const busy = useNavigation().state !== 'idle';
  const feedback = useFormFeedback(result, validatePasswordChangeForm);
  if (!isLoggedIn) {
    return (
      <AccountScreen title={t('pages.account-password-presave.title')} lead={<p>{t('account.login_first')}</p>}>
        <Link
          to={loginPathFor(PASSWORD_CHANGE_PATH)}
          className={buttonClassName({ variant: 'neutral', size: 'xl', block: true })}
        >
          {t('dialog.login.submit')}
        </Link>
        <p className="mt-5 text-center text-sm">
          <Link to={PASSWORD_RESET_REQUEST_PATH} className={textLinkClass}>
            {t('dialog.login.forgot')}
          </Link>
        </p>
      </AccountScreen>
    );
  }
  return (
    <AccountScreen
      title={t('pages.account-password-presave.title')}
      lead={<p>{t('pages.account-password-presave.lead')}</p>}
    >
      <Form method="post" noValidate={hydrated} onSubmit={feedback.onSubmit} className="space-y-4">
        <TextField
          name="current_password"
          type="password"
          label={t('account.fields.current_password')}
          autoComplete="current-password"
          error={feedback.errors.current_password}
        />
        <NewPasswordFields name="new_password" errors={feedback.errors} />
        <FormError code={feedback.code} retryAfterSeconds={feedback.retryAfterSeconds} />
        <SubmitButton busy={busy}>{t('account.send_confirmation')}</SubmitButton>
      </Form>
      <p className="mt-5 text-center text-sm">
        <Link to={PASSWORD_RESET_REQUEST_PATH} className={textLinkClass}>
          {t('dialog.login.forgot')}
        </Link>
      </p>
    </AccountScreen>
  );
}

/** Password reset's first step: the address and the new password. */
export function PasswordResetRequestScreen({ result }: { result: AnyFormResult | undefined }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const busy = useNavigation().state !== 'idle';
  const feedback = useFormFeedback(result, validatePasswordResetForm);
  return (
    <AccountScreen
      title={t('pages.account-password-prereset.title')}
      lead={<p>{t('pages.account-password-prereset.lead')}</p>}
    >
      <Form method="post" noValidate={hydrated} onSubmit={feedback.onSubmit} className="space-y-4">
        <TextField
          name="email"
          type="email"
          label={t('account.fields.email')}
          autoComplete="email"
          error={feedback.errors.email}
        />
        <NewPasswordFields name="new_password" errors={feedback.errors} />
        <FormError code={feedback.code} retryAfterSeconds={feedback.retryAfterSeconds} />
        <SubmitButton busy={busy}>{t('account.prereset.submit')}</SubmitButton>
      </Form>
    </AccountScreen>
  );
}
