import { useTranslation } from 'react-i18next';
import { ViewerFrame } from '#app/components/viewer-frame.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/title-titleId-episode-episodeId';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('title-titleId-episode-episodeId');

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, 'episode.viewer.heading', { episodeId: params.episodeId });

export default function EpisodeViewerPage({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <ViewerFrame
      titleId={params.titleId}
      episodeId={params.episodeId}
      heading={t('episode.viewer.heading', { episodeId: params.episodeId })}
    />
  );
}
