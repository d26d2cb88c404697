import { Outlet } from 'react-router';
import { FullViewerFrame } from './status-screens.tsx';

/** The full-viewer layout (product §2): the page takes the whole window, without the site frame. */
export default function FullViewerLayout() {
  return (
    <FullViewerFrame>
      <Outlet />
    </FullViewerFrame>
  );
}
