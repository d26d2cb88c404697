import { useTranslation } from 'react-i18next';
import { Form, redirect, useLocation, useNavigation } from 'react-router';
import { ErrorModal } from '#app/components/ui/modal.tsx';
import { resultResponse, saveSignup } from '#app/features/account/account-actions.server.ts';
import { accountApiFor } from '#app/features/account/account-api.server.ts';
import {
  AccountScreen,
  NewPasswordFields,
  SubmitButton,
  useFormFeedback,
  useHydrated,
} from '#app/features/account/account-form.tsx';
import { validateNewPasswordForm } from '#app/features/account/account-forms.ts';
import { SIGNUP_WELCOME_PATH } from '#app/features/account/account-paths.ts';
import { MissingTokenScreen, signupRestart } from '#app/features/account/account-screens.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/account-save';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-save');

/** The sign-up link's page: its token, used only when the form is sent. */
export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get('token') ?? '' };
}

/** Sign-up's second step: POST /web/account/save creates the account and logs it in (uwt forwarded). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await saveSignup(form, accountApiFor(request, context));
  if (result.status === 'done') throw redirect(SIGNUP_WELCOME_PATH);
  return resultResponse(result);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.account-save.title');

export default function AccountSavePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const hydrated = useHydrated();
  const busy = useNavigation().state !== 'idle';
  const feedback = useFormFeedback(actionData, validateNewPasswordForm);
  if (!loaderData.token)
    return <MissingTokenScreen restart={signupRestart(t('account.token_missing.restart_signup'))} />;
  return (
    <AccountScreen title={t('pages.account-save.title')} lead={<p>{t('account.save.lead')}</p>}>
      <Form method="post" noValidate={hydrated} onSubmit={feedback.onSubmit} className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields name="password" errors={feedback.errors} />
        <SubmitButton busy={busy} tone="brand">
          {t('account.save.submit')}
        </SubmitButton>
      </Form>
      <ErrorModal
        code={feedback.code}
        onClose={feedback.dismissError}
        closeHref={`${location.pathname}${location.search}`}
      />
    </AccountScreen>
  );
}
