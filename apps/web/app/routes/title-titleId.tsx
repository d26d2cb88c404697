import { SERVICE_NAME } from '#app/brand.ts';
import { submitTitleForm } from '#app/features/title/title-actions.server.ts';
import { titleAlertResultOf } from '#app/features/title/title-alert.ts';
import { loadRouteTitlePage } from '#app/features/title/title-page.server.ts';
import { TitleScreen } from '#app/features/title/title-screen.tsx';
import { routeMiddleware, titleRouteContext } from '#app/guards/route-middleware.server.ts';
import { i18nFor } from '#app/i18n/i18n.ts';
import { localeOfMatches, pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/title-titleId';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('title-titleId');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadRouteTitlePage(request, context, url);
}

export function action({ request, context }: Route.ActionArgs) {
  return submitTitleForm(request, context, context.get(titleRouteContext).titleId);
}

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) => {
  if (!loaderData) return pageMeta(matches, 'pages.title-titleId.title', { titleId: params.titleId });
  const t = i18nFor(localeOfMatches(matches)).t;
  return [
    { title: `${loaderData.name} | ${SERVICE_NAME}` },
    { name: 'description', content: loaderData.introduction || t('top.description', { name: SERVICE_NAME }) },
    { property: 'og:title', content: loaderData.name },
    { property: 'og:image', content: loaderData.backdropUrl },
  ];
};

export default function TitlePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <TitleScreen
      title={loaderData}
      result={actionData && 'intent' in actionData ? actionData : undefined}
      alertPosted={titleAlertResultOf(actionData)}
    />
  );
}
