import { submitMyForm } from '#app/features/my/login-bonus.server.ts';
import { loadMyPage } from '#app/features/my/my-page.server.ts';
import { MyScreen } from '#app/features/my/my-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/my';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadMyPage(request, context, url);
}

export function action({ request, context }: Route.ActionArgs) {
  return submitMyForm(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.my.title');

export default function MyPage({ loaderData }: Route.ComponentProps) {
  return <MyScreen page={loaderData} />;
}
