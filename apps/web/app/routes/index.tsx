import { data } from 'react-router';
import { createServerApiClient } from '#app/api.server.ts';
import { SERVICE_NAME, SERVICE_TAGLINE } from '#app/brand.ts';
import { FeaturedTitle } from '#app/components/featured-title.tsx';
import { SiteFooter } from '#app/components/site-footer.tsx';
import { SiteHeader } from '#app/components/site-header.tsx';
import { StatusPanel } from '#app/components/ui/status-panel.tsx';
import { TitleGrid } from '#app/components/ui/title-grid.tsx';
import type { Route } from './+types/index';
import { loadTopPage } from './index.server.ts';

export async function loader({ request }: Route.LoaderArgs) {
  const page = await loadTopPage(createServerApiClient(request));
  return data(page, { status: page.state === 'ready' ? 200 : 503 });
}

export const meta: Route.MetaFunction = () => [
  { title: `${SERVICE_NAME} | ${SERVICE_TAGLINE}` },
  { name: 'description', content: `Read manga online on ${SERVICE_NAME}: new chapters every week.` },
];

export default function IndexPage({ loaderData: page }: Route.ComponentProps) {
  return (
    <>
      <SiteHeader />
      <main className="flex-1">
        <h1 className="sr-only">{`${SERVICE_NAME}: ${SERVICE_TAGLINE}`}</h1>
        {page.state === 'unavailable' ? (
          <div className="px-4 py-20 sm:py-28">
            <StatusPanel
              code={page.responseCode}
              title="The library is closed for a moment"
              message="We couldn’t load the catalogue just now. Please try again in a little while."
              action={{ href: '/', label: 'Try again', reloadDocument: true }}
            />
          </div>
        ) : (
          <>
            {page.featured ? <FeaturedTitle title={page.featured} /> : null}
            <section aria-labelledby="all-titles" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
              <div className="mb-5 flex items-baseline justify-between gap-4 sm:mb-7">
                <h2 id="all-titles" className="text-xl font-extrabold tracking-tight text-ink sm:text-2xl">
                  All titles
                </h2>
                <p className="text-sm text-zinc-500">{page.titles.length} series</p>
              </div>
              {page.titles.length > 0 ? (
                <TitleGrid titles={page.titles} label="All titles" />
              ) : (
                <StatusPanel title="No titles yet" message="New series are on their way. Check back soon." />
              )}
            </section>
          </>
        )}
      </main>
      <SiteFooter />
    </>
  );
}
