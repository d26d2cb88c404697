import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { ServerErrorScreen } from '#app/layouts/status-screens.tsx';
import type { Route } from './+types/error-errorCode';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('error-errorCode');

export function loader({ params }: Route.LoaderArgs) {
  return { code: Number(params.errorCode) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'error_page.title');

/** The server-error screen (product §4, §8), in the full-viewer layout. */
export default function ErrorCodePage({ loaderData }: Route.ComponentProps) {
  return <ServerErrorScreen code={loaderData.code} />;
}
