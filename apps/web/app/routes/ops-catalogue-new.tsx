import { loadTitleEditor, submitNewTitle } from '#app/features/editorial/editorial.server.ts';
import { TitleEditorScreen } from '#app/features/editorial/title-editor-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor, visitorOf } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/ops-catalogue-new';

// A new title in the catalogue console (issue 26, ADR 046): editors only.

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('ops-catalogue-new');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadTitleEditor(apiFor(request, context), url, visitorOf(context).visitor.locale, undefined);
}

export function action({ request, context, url }: Route.ActionArgs) {
  return submitNewTitle(apiFor(request, context), request, url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'editorial.new_title.title');

export default function OpsCatalogueNewPage({ loaderData }: Route.ComponentProps) {
  return <TitleEditorScreen data={loaderData} />;
}
