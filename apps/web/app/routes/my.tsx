import { PlannedScreen } from '#app/components/ui/page-frame.tsx';
import { MyCommentActivitySections } from '#app/features/comments/my-comment-activity.tsx';
import { loadMyCommentActivity } from '#app/features/comments/my-comments.server.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/my';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadMyCommentActivity(request, context, url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.my.title');

export default function MyPage({ loaderData }: Route.ComponentProps) {
  return (
    <PlannedScreen page="my">
      <MyCommentActivitySections activity={loaderData} />
    </PlannedScreen>
  );
}
