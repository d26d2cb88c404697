import { loadChapterPreview } from '#app/features/editorial/chapter-preview.server.ts';
import { ChapterPreviewScreen } from '#app/features/editorial/chapter-preview-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/ops-catalogue-titleId-episode-episodeId-preview';

// A chapter in the real reader before release (issue 26, ADR 073): editors only.

export const middleware: Route.MiddlewareFunction[] = routeMiddleware(
  'ops-catalogue-titleId-episode-episodeId-preview',
);

export function loader({ request, context, url, params }: Route.LoaderArgs) {
  return loadChapterPreview(request, context, url, Number(params.titleId), Number(params.episodeId));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, 'editorial.preview.page_title', {
    episode: loaderData?.viewer.episodeName ?? '',
    title: loaderData?.viewer.titleName ?? '',
  });

export default function OpsChapterPreviewPage({ loaderData }: Route.ComponentProps) {
  return <ChapterPreviewScreen data={loaderData} />;
}
