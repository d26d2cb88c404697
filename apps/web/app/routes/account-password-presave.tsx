import { useTranslation } from 'react-i18next';
import { Form, Link, redirect, useLocation, useNavigation } from 'react-router';
import { ErrorModal } from '#app/components/ui/modal.tsx';
import { presavePassword, resultResponse } from '#app/features/account/account-actions.server.ts';
import { accountApiFor, guardSession } from '#app/features/account/account-api.server.ts';
import {
  AccountScreen,
  NewPasswordFields,
  primaryLinkClass,
  SubmitButton,
  TextField,
  textLinkClass,
  useFormFeedback,
  useHydrated,
} from '#app/features/account/account-form.tsx';
import { validatePasswordChangeForm } from '#app/features/account/account-forms.ts';
import {
  loginPathFor,
  PASSWORD_CHANGE_PATH,
  PASSWORD_CHANGE_SENT_PATH,
  PASSWORD_RESET_REQUEST_PATH,
} from '#app/features/account/account-paths.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { visitorOf } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/account-password-presave';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-password-presave');

export function loader({ context }: Route.LoaderArgs) {
  return { isLoggedIn: visitorOf(context).visitor.isLoggedIn };
}

/** Password change's first step: POST /web/account/password/presave mails a confirmation link. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const result = guardSession(await presavePassword(form, accountApiFor(request, context)), context, url);
  if (result.status === 'done') throw redirect(PASSWORD_CHANGE_SENT_PATH);
  return resultResponse(result);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.account-password-presave.title');

export default function AccountPasswordPresavePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const hydrated = useHydrated();
  const busy = useNavigation().state !== 'idle';
  const feedback = useFormFeedback(actionData, validatePasswordChangeForm);
  if (!loaderData.isLoggedIn) {
    return (
      <AccountScreen title={t('pages.account-password-presave.title')} lead={<p>{t('account.login_first')}</p>}>
        <Link to={loginPathFor(PASSWORD_CHANGE_PATH)} className={primaryLinkClass}>
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
        <SubmitButton busy={busy}>{t('account.send_confirmation')}</SubmitButton>
      </Form>
      <p className="mt-5 text-center text-sm">
        <Link to={PASSWORD_RESET_REQUEST_PATH} className={textLinkClass}>
          {t('dialog.login.forgot')}
        </Link>
      </p>
      <ErrorModal code={feedback.code} onClose={feedback.dismissError} closeHref={location.pathname} />
    </AccountScreen>
  );
}
