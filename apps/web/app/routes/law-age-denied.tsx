import { AgeDeniedScreen } from '#app/features/age-gate/age-gate-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/law-age-denied';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('law-age-denied');

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'law.denied.title');

export default function LawAgeDeniedPage() {
  return <AgeDeniedScreen />;
}
