import { ArticleView } from '#app/features/articles/article-view.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/article-cal-bus-and-prof-code';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('article-cal-bus-and-prof-code');

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'articles.cal-bus-and-prof-code.title');

export default function ArticleCalBusAndProfCodePage() {
  return <ArticleView name="cal-bus-and-prof-code" />;
}
