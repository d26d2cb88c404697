import { ArticleView } from '#app/features/articles/article-view.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/article-abj';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('article-abj');

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'articles.abj.title');

export default function ArticleAbjPage() {
  return <ArticleView name="abj" />;
}
