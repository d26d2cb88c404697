import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { SERVICE_NAME } from '#app/brand.ts';
import { FeaturedTitle } from '#app/components/featured-title.tsx';
import { StatusPanel } from '#app/components/ui/status-panel.tsx';
import { TitleGrid } from '#app/components/ui/title-grid.tsx';
import { env } from '#app/env.server.ts';
import { errorDestination } from '#app/errors/error-routing.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { i18nFor } from '#app/i18n/i18n.ts';
import { localeOfMatches } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/index';
import { loadTopPage } from './index.server.ts';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('index');

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await loadTopPage(apiFor(request, context));
  if (page.state === 'unavailable') {
    // Maintenance → /maintenance; other codes → /error/{code}, except in local development.
    const destination = errorDestination(page.responseCode, env.errorRedirect);
    if (destination) throw redirect(destination);
  }
  return data(page, { status: page.state === 'ready' ? 200 : 503 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = i18nFor(localeOfMatches(matches)).t;
  const values = { name: SERVICE_NAME, tagline: t('brand.tagline') };
  return [{ title: t('top.title', values) }, { name: 'description', content: t('top.description', values) }];
};

export default function IndexPage({ loaderData: page }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="sr-only">{`${SERVICE_NAME}: ${t('brand.tagline')}`}</h1>
      {page.state === 'unavailable' ? (
        <div className="px-4 py-20 sm:py-28">
          <StatusPanel
            code={page.responseCode}
            title={t('top.unavailable_title')}
            message={t('top.unavailable_body')}
            action={{ href: '/', label: t('common.try_again'), reloadDocument: true }}
          />
        </div>
      ) : (
        <>
          {page.featured ? <FeaturedTitle title={page.featured} /> : null}
          <section aria-labelledby="all-titles" className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
            <div className="mb-5 flex items-baseline justify-between gap-4 sm:mb-7">
              <h2 id="all-titles" className="text-xl font-extrabold tracking-tight text-ink sm:text-2xl">
                {t('top.all_titles')}
              </h2>
              <p className="text-sm text-zinc-500">{t('top.series_count', { count: page.titles.length })}</p>
            </div>
            {page.titles.length > 0 ? (
              <TitleGrid titles={page.titles} label={t('top.all_titles')} />
            ) : (
              <StatusPanel title={t('top.empty_title')} message={t('top.empty_body')} />
            )}
          </section>
        </>
      )}
    </>
  );
}
