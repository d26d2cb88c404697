import { PlannedScreen } from '#app/components/page-frame.tsx';
import { routeMiddleware, titleRouteContext } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/title-titleId';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('title-titleId');

export function loader({ context }: Route.LoaderArgs) {
  const { titleId } = context.get(titleRouteContext);
  return { titleId };
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, 'pages.title-titleId.title', { titleId: params.titleId });

export default function TitlePage({ params }: Route.ComponentProps) {
  return <PlannedScreen page="title-titleId" values={{ titleId: params.titleId }} />;
}
