import { ArticleView } from '#app/features/articles/article-view.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/article-help';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('article-help');

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'articles.help.title');

export default function ArticleHelpPage() {
  return <ArticleView name="help" />;
}
