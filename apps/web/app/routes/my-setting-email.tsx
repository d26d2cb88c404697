import { useTranslation } from 'react-i18next';
import { Form, redirect, useLocation, useNavigation } from 'react-router';
import { ErrorModal } from '#app/components/ui/modal.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { presaveEmail, resultResponse } from '#app/features/account/account-actions.server.ts';
import { accountApiFor, guardSession, requireAccount } from '#app/features/account/account-api.server.ts';
import { SubmitButton, TextField, useFormFeedback, useHydrated } from '#app/features/account/account-form.tsx';
import { validateEmailChangeForm } from '#app/features/account/account-forms.ts';
import { EMAIL_CHANGE_SENT_PATH, SETTINGS_PATH } from '#app/features/account/account-paths.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/my-setting-email';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my-setting-email');

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { account } = await requireAccount(request, context, url);
  return { email: account.email };
}

/** E-mail change's first step: POST /web/account/email/presave mails the new address. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const result = guardSession(await presaveEmail(form, accountApiFor(request, context)), context, url);
  if (result.status === 'done') throw redirect(EMAIL_CHANGE_SENT_PATH);
  return resultResponse(result);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.my-setting-email.title');

export default function MySettingEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const hydrated = useHydrated();
  const busy = useNavigation().state !== 'idle';
  const feedback = useFormFeedback(actionData, validateEmailChangeForm);
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
        <p className="mt-1 text-sm font-medium break-all text-ink">{loaderData.email}</p>
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
          <SubmitButton busy={busy}>{t('account.send_confirmation')}</SubmitButton>
        </Form>
      </div>
      <ErrorModal code={feedback.code} onClose={feedback.dismissError} closeHref={location.pathname} />
    </PageFrame>
  );
}
