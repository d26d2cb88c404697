import { loadTitleEditor, submitTitleAction } from '#app/features/editorial/editorial.server.ts';
import { TitleEditorScreen } from '#app/features/editorial/title-editor-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor, visitorOf } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/ops-catalogue-titleId';

// One title in the catalogue console (issue 26, ADR 046): editors only.

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('ops-catalogue-titleId');

export function loader({ request, context, url, params }: Route.LoaderArgs) {
  return loadTitleEditor(apiFor(request, context), url, visitorOf(context).visitor.locale, Number(params.titleId));
}

export function action({ request, context, url, params }: Route.ActionArgs) {
  return submitTitleAction(apiFor(request, context), request, url, Number(params.titleId));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, 'editorial.edit_title.title', { title: loaderData?.title?.name_en ?? '' });

export default function OpsCatalogueTitlePage({ loaderData }: Route.ComponentProps) {
  return <TitleEditorScreen data={loaderData} />;
}
