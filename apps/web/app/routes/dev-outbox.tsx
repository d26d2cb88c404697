import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { accountApiFor } from '#app/features/account/account-api.server.ts';
import { requireDevelopment } from '#app/features/dev-outbox/dev-outbox.server.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/dev-outbox';

// Development only (not a SPEC §2 screen): the mails the embedded outbox received (GET /dev/outbox).

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('dev-outbox');

export async function loader({ request, context, url }: Route.LoaderArgs) {
  requireDevelopment(url);
  try {
    const { message_list } = await accountApiFor(request, context).listOutbox();
    return { messages: message_list };
  } catch (error) {
    handleApiError(error);
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'dev_outbox.title');

export default function DevOutboxPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { messages } = loaderData;
  return (
    <PageFrame title={t('dev_outbox.title')} lead={t('dev_outbox.lead')}>
      <div className="mb-4 flex items-center justify-between gap-3">
        <span className="rounded-full bg-amber-50 px-3 py-1 text-xs font-bold text-amber-800 ring-1 ring-amber-200">
          {t('dev_outbox.badge')}
        </span>
        <Link
          to="."
          reloadDocument
          className="inline-flex h-9 items-center rounded-full px-4 text-sm font-bold text-ink ring-1 ring-zinc-300 transition hover:bg-zinc-50"
        >
          {t('dev_outbox.refresh')}
        </Link>
      </div>
      {messages.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-zinc-300 bg-zinc-50 px-6 py-10 text-center text-sm text-zinc-500">
          {t('dev_outbox.empty')}
        </p>
      ) : (
        <ul
          className="divide-y divide-zinc-100 overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm"
          aria-label={t('dev_outbox.list_label')}
        >
          {messages.map((message) => (
            <li key={message.id}>
              <Link
                to={`/dev/outbox/${encodeURIComponent(message.id)}`}
                className="grid gap-1 px-5 py-4 transition hover:bg-zinc-50 sm:grid-cols-[1fr_auto] sm:gap-x-6"
              >
                <span className="min-w-0 truncate text-sm font-bold text-ink">{message.subject}</span>
                <time
                  className="text-xs text-zinc-500 sm:row-span-2 sm:self-center"
                  dateTime={message.created_at.replace(' ', 'T')}
                >
                  {message.created_at}
                </time>
                <span className="min-w-0 truncate text-sm text-zinc-600">
                  <span className="sr-only">{t('dev_outbox.to')}: </span>
                  {message.to}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
