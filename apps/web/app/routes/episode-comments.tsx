import { loadCommentsRoute, submitCommentAction } from '#app/features/comments/comments.server.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import type { Route } from './+types/episode-comments';

// An episode's comments for the comments section (ADR 013): GET a page, POST a comment, a like, a
// mute or a report. No screen of its own; answers depend on the visitor, so nothing is cached.

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('episode-comments');

export function loader({ request, context, url, params }: Route.LoaderArgs) {
  return loadCommentsRoute(request, context, url, Number(params.episodeId));
}

export function action({ request, context, params }: Route.ActionArgs) {
  return submitCommentAction(request, context, Number(params.episodeId));
}
