import { notFound } from '#app/errors/not-found.server.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import type { Route } from './+types/catch-all';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('catch-all');

/** /assets/{anything} that no build file answered: always the 404 page. */
export function loader({ url }: Route.LoaderArgs): never {
  notFound(url);
}

export default function CatchAllPage() {
  return null;
}
