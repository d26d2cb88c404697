import { responseCodeOf } from '@manga/api-client';
import { useTranslation } from 'react-i18next';
import { Form, redirect, useLocation, useNavigation } from 'react-router';
import { ErrorModal } from '#app/components/ui/modal.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { resultResponse, saveOptOut } from '#app/features/account/account-actions.server.ts';
import {
  accountApiFor,
  clearSessionCookie,
  guardSession,
  isSessionGone,
} from '#app/features/account/account-api.server.ts';
import { SubmitButton, useFormFeedback } from '#app/features/account/account-form.tsx';
import { loginPathFor, SETTINGS_PATH } from '#app/features/account/account-paths.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { visitorOf } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/my-setting-optout';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my-setting-optout');

/** GET /web/opt_out: the stored choices. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  try {
    const { opt_out } = await accountApiFor(request, context).getOptOut();
    return { ads: opt_out.ads === 1, analysis: opt_out.analysis === 1 };
  } catch (error) {
    if (isSessionGone(responseCodeOf(error))) {
      clearSessionCookie(visitorOf(context));
      throw redirect(loginPathFor(url.pathname));
    }
    handleApiError(error);
    throw error;
  }
}

/** POST /web/opt_out (ads, analysis): a checked box opts out. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  return resultResponse(guardSession(await saveOptOut(form, accountApiFor(request, context)), context, url));
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.my-setting-optout.title');

const noChecks = () => ({ ok: true as const, values: {} });

function Choice({ name, checked, title, help }: { name: string; checked: boolean; title: string; help: string }) {
  return (
    <label className="flex cursor-pointer items-start gap-4 px-5 py-4 transition hover:bg-zinc-50 sm:px-6">
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-bold text-ink">{title}</span>
        <span className="mt-1 block text-sm leading-relaxed text-zinc-600">{help}</span>
      </span>
      <input type="checkbox" name={name} value="1" defaultChecked={checked} className="peer sr-only" />
      <span
        aria-hidden="true"
        className="relative mt-0.5 h-7 w-12 shrink-0 rounded-full bg-zinc-300 transition peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 after:absolute after:top-0.5 after:left-0.5 after:size-6 after:rounded-full after:bg-white after:shadow after:transition peer-checked:after:translate-x-5"
      />
    </label>
  );
}

/** Opt out of the sale or sharing of personal data (SPEC §2): ads and analytics, each on its own. */
export default function MySettingOptoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const busy = useNavigation().state !== 'idle';
  const feedback = useFormFeedback(actionData, noChecks);
  const saved = actionData?.status === 'done' ? actionData.optOut : undefined;
  const current = saved ? { ads: saved.ads === 1, analysis: saved.analysis === 1 } : loaderData;
  return (
    <PageFrame
      title={t('pages.my-setting-optout.title')}
      lead={t('pages.my-setting-optout.lead')}
      crumbs={[
        { label: t('pages.my.title'), to: '/my' },
        { label: t('pages.my-setting.title'), to: SETTINGS_PATH },
      ]}
    >
      <Form method="post" className="max-w-2xl" aria-labelledby="optout-heading">
        <fieldset className="rounded-2xl border border-zinc-200 bg-white shadow-sm">
          <legend id="optout-heading" className="sr-only">
            {t('optout.heading')}
          </legend>
          <p className="border-b border-zinc-100 px-5 py-4 text-sm leading-relaxed text-zinc-600 sm:px-6">
            {t('optout.intro')}
          </p>
          <div className="divide-y divide-zinc-100">
            <Choice
              key={`ads-${current.ads}`}
              name="ads"
              checked={current.ads}
              title={t('optout.ads_label')}
              help={t('optout.ads_help')}
            />
            <Choice
              key={`analysis-${current.analysis}`}
              name="analysis"
              checked={current.analysis}
              title={t('optout.analysis_label')}
              help={t('optout.analysis_help')}
            />
          </div>
        </fieldset>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="sm:w-56">
            <SubmitButton busy={busy}>{t('optout.save')}</SubmitButton>
          </div>
          {saved ? (
            <p role="status" className="text-sm font-semibold text-emerald-700" data-testid="optout-saved">
              {t('optout.saved')}
            </p>
          ) : null}
        </div>
      </Form>
      <ErrorModal code={feedback.code} onClose={feedback.dismissError} closeHref={location.pathname} />
    </PageFrame>
  );
}
