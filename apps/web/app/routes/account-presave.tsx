import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { ErrorModal } from '#app/components/ui/modal.tsx';
import { presaveSignup, resultResponse } from '#app/features/account/account-actions.server.ts';
import { accountApiFor } from '#app/features/account/account-api.server.ts';
import {
  AccountScreen,
  primaryLinkClass,
  SignupFields,
  textLinkClass,
  useFormFeedback,
  useHydrated,
} from '#app/features/account/account-form.tsx';
import { type AnyFormResult, validateSignupForm } from '#app/features/account/account-forms.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/account-presave';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-presave');

// Every route has a loader, so that client navigations reach the server and its middleware.
export function loader() {
  return null;
}

/** Sign-up's first step (also the sign-up dialog's form endpoint): POST /web/account/presave. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return resultResponse(await presaveSignup(form, accountApiFor(request, context)));
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.account-presave.title');

type SignupResult = AnyFormResult | { status: 'done'; email: string };

export default function AccountPresavePage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const hydrated = useHydrated();
  const busy = useNavigation().state === 'submitting';
  const result = actionData as SignupResult | undefined;
  const feedback = useFormFeedback(result, validateSignupForm);

  if (result?.status === 'done' && 'email' in result) {
    return (
      <AccountScreen
        tone="mail"
        title={t('dialog.signup.sent_title')}
        lead={<p role="status">{t('dialog.signup.sent_body', { email: result.email })}</p>}
      >
        <p className="text-sm leading-relaxed text-zinc-500">{t('account.sent.spam_hint')}</p>
        <Link to="/" className={`mt-6 ${primaryLinkClass}`}>
          {t('common.back_to_top')}
        </Link>
      </AccountScreen>
    );
  }
  return (
    <AccountScreen title={t('pages.account-presave.title')} lead={<p>{t('pages.account-presave.lead')}</p>}>
      <Form method="post" noValidate={hydrated} onSubmit={feedback.onSubmit} className="space-y-4">
        <SignupFields errors={feedback.errors} busy={busy} />
      </Form>
      <p className="mt-6 border-t border-zinc-100 pt-5 text-center text-sm text-zinc-600">
        {t('dialog.signup.switch_lead')}{' '}
        <Link to="/?dialog=login" className={textLinkClass}>
          {t('dialog.signup.switch')}
        </Link>
      </p>
      <ErrorModal code={feedback.code} onClose={feedback.dismissError} closeHref={location.pathname} />
    </AccountScreen>
  );
}
