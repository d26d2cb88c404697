import { useTranslation } from 'react-i18next';
import { ViewerFrame } from '#app/components/viewer-frame.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/minfunction-full-viewer';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('minfunction-full-viewer');

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'episode.viewer.full_heading');

export default function MinfunctionFullViewerPage({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <ViewerFrame titleId={params.titleId} episodeId={params.episodeId} heading={t('episode.viewer.full_heading')} />
  );
}
