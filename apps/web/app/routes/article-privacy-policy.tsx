import { ArticleView } from '#app/features/articles/article-view.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/article-privacy-policy';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('article-privacy-policy');

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'articles.privacy-policy.title');

export default function ArticlePrivacyPolicyPage() {
  return <ArticleView name="privacy-policy" />;
}
