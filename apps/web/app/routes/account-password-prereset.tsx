import { useTranslation } from 'react-i18next';
import { Form, redirect, useLocation, useNavigation } from 'react-router';
import { ErrorModal } from '#app/components/ui/modal.tsx';
import { preresetPassword, resultResponse } from '#app/features/account/account-actions.server.ts';
import { accountApiFor } from '#app/features/account/account-api.server.ts';
import {
  AccountScreen,
  NewPasswordFields,
  SubmitButton,
  TextField,
  useFormFeedback,
  useHydrated,
} from '#app/features/account/account-form.tsx';
import { validatePasswordResetForm } from '#app/features/account/account-forms.ts';
import { PASSWORD_RESET_SENT_PATH } from '#app/features/account/account-paths.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/account-password-prereset';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-password-prereset');

// Every route has a loader, so that client navigations reach the server and its middleware.
export function loader() {
  return null;
}

/** Password reset's first step: POST /web/account/password/prereset (the same answer for unknown addresses). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await preresetPassword(form, accountApiFor(request, context));
  if (result.status === 'done') throw redirect(PASSWORD_RESET_SENT_PATH);
  return resultResponse(result);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.account-password-prereset.title');

export default function AccountPasswordPreresetPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const hydrated = useHydrated();
  const busy = useNavigation().state !== 'idle';
  const feedback = useFormFeedback(actionData, validatePasswordResetForm);
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
        <SubmitButton busy={busy}>{t('account.prereset.submit')}</SubmitButton>
      </Form>
      <ErrorModal code={feedback.code} onClose={feedback.dismissError} closeHref={location.pathname} />
    </AccountScreen>
  );
}
