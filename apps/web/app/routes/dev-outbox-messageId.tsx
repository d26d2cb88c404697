import { useTranslation } from 'react-i18next';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { accountApiFor } from '#app/features/account/account-api.server.ts';
import { requireDevelopment } from '#app/features/dev-outbox/dev-outbox.server.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/dev-outbox-messageId';

// Development only: one mail of the outbox (GET /dev/outbox/:id), its text and its HTML in a
// sandboxed frame (no scripts, no same-origin access).

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('dev-outbox-messageId');

export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  requireDevelopment(url);
  try {
    const { message } = await accountApiFor(request, context).getOutboxMessage(params.messageId);
    return { message };
  } catch (error) {
    handleApiError(error);
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'dev_outbox.title');

export default function DevOutboxMessagePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { message } = loaderData;
  const links = [...new Set(message.text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
  return (
    <PageFrame title={message.subject} crumbs={[{ label: t('dev_outbox.title'), to: '/dev/outbox' }]}>
      <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-5 gap-y-2 rounded-2xl border border-zinc-200 bg-white px-5 py-4 text-sm shadow-sm">
        <dt className="font-semibold text-zinc-500">{t('dev_outbox.to')}</dt>
        <dd className="break-all text-ink" data-testid="outbox-to">
          {message.to}
        </dd>
        <dt className="font-semibold text-zinc-500">{t('dev_outbox.sent_at')}</dt>
        <dd className="text-ink">{message.created_at}</dd>
      </dl>
      {links.length > 0 ? (
        <section aria-labelledby="outbox-links" className="mt-6 max-w-3xl">
          <h2 id="outbox-links" className="mb-2 text-sm font-bold text-ink">
            {t('dev_outbox.links')}
          </h2>
          <ul className="space-y-1.5">
            {links.map((link) => (
              <li key={link}>
                <a
                  href={link}
                  className="text-sm font-semibold break-all text-brand-700 underline underline-offset-2"
                  data-testid="outbox-link"
                >
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="outbox-text">
          <h2 id="outbox-text" className="mb-2 text-sm font-bold text-ink">
            {t('dev_outbox.text_version')}
          </h2>
          <pre
            className="overflow-x-auto rounded-2xl bg-zinc-900 p-5 text-xs leading-relaxed whitespace-pre-wrap break-words text-zinc-100"
            data-testid="outbox-text"
          >
            {message.text}
          </pre>
        </section>
        <section aria-labelledby="outbox-html">
          <h2 id="outbox-html" className="mb-2 text-sm font-bold text-ink">
            {t('dev_outbox.html_version')}
          </h2>
          <iframe
            title={t('dev_outbox.html_frame', { subject: message.subject })}
            sandbox=""
            srcDoc={message.html}
            className="h-[28rem] w-full rounded-2xl border border-zinc-200 bg-white"
          />
        </section>
      </div>
    </PageFrame>
  );
}
