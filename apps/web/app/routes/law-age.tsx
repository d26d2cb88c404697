import { loadGate, submitGate } from '#app/features/age-gate/age-gate.server.ts';
import { AgeGateScreen } from '#app/features/age-gate/age-gate-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/law-age';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('law-age');

export function loader({ context, url }: Route.LoaderArgs) {
  return loadGate(context, url);
}

export function action({ request, context }: Route.ActionArgs) {
  return submitGate(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'law.age.title');

/** The age gate (product §2, §4): birth month first, then the consent that age group needs. */
export default function LawAgePage({ loaderData, actionData }: Route.ComponentProps) {
  return <AgeGateScreen gate={loaderData} error={actionData?.error} />;
}
