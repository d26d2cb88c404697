import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { FormError } from '#app/components/ui/form-error.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { SubmitButton, TextField, useFormFeedback, useHydrated } from './account-form.tsx';
import { type AnyFormResult, validateEmailChangeForm } from './account-forms.ts';
import { SETTINGS_PATH } from './account-paths.ts';

/** E-mail change's first step: the new address and the current password. */
export function EmailChangeScreen({ email, result }: { email: string; result: AnyFormResult | undefined }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const busy = useNavigation().state !== 'idle';
  const feedback = useFormFeedback(result, validateEmailChangeForm);
  return (
    <PageFrame
      title={t('pages.my-setting-email.title')}
      lead={t('pages.my-setting-email.lead')}
      crumbs={[
        { label: t('pages.my.title'), to: '/my' },
        { label: t('pages.my-setting.title'), to: SETTINGS_PATH },
      ]}
    >
      <div className="max-w-md rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-7">
        <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">{t('settings.current_email')}</p>
        <p className="mt-1 text-sm font-medium break-all text-ink">{email}</p>
        <Form method="post" noValidate={hydrated} onSubmit={feedback.onSubmit} className="mt-6 space-y-4">
          <TextField
            name="new_email"
            type="email"
            label={t('account.fields.new_email')}
            autoComplete="email"
            error={feedback.errors.new_email}
          />
          <TextField
            name="password"
            type="password"
            label={t('account.fields.current_password')}
            autoComplete="current-password"
            error={feedback.errors.password}
          />
          <FormError code={feedback.code} retryAfterSeconds={feedback.retryAfterSeconds} />
          <SubmitButton busy={busy}>{t('account.send_confirmation')}</SubmitButton>
        </Form>
      </div>
    </PageFrame>
  );
}
