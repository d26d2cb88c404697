import { SERVICE_NAME } from '#app/brand.ts';
import { loadRouteTopPage } from '#app/features/top/top-page.server.ts';
import { TopScreen } from '#app/features/top/top-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { i18nFor } from '#app/i18n/i18n.ts';
import { localeOfMatches } from '#app/i18n/meta.ts';
import type { Route } from './+types/index';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('index');

export function loader({ request, context }: Route.LoaderArgs) {
  return loadRouteTopPage(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = i18nFor(localeOfMatches(matches)).t;
  const values = { name: SERVICE_NAME, tagline: t('brand.tagline') };
  return [{ title: t('top.title', values) }, { name: 'description', content: t('top.description', values) }];
};

export default function IndexPage({ loaderData }: Route.ComponentProps) {
  return <TopScreen page={loaderData} />;
}
