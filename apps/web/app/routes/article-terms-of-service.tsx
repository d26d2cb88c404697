import { ArticleView } from '#app/features/articles/article-view.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/article-terms-of-service';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('article-terms-of-service');

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'articles.terms-of-service.title');

export default function ArticleTermsOfServicePage() {
  return <ArticleView name="terms-of-service" />;
}
