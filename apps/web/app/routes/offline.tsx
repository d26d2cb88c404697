import { OfflineScreen } from '#app/features/offline/offline-screen.tsx';
import { OfflineReader } from '#app/features/viewer/offline-reader.tsx';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/offline';

// /offline (ADR 052): precached by the service worker without cookies; it holds nothing personal on
// the server side. Everything on it is read in the browser from this device's downloads.

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'offline.page_title');

export default function OfflinePage() {
  return <OfflineScreen reader={(episodeId) => <OfflineReader episodeId={episodeId} />} />;
}
