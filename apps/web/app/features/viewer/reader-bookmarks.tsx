import type { ApiClient } from '@manga/api-client';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BookmarkDialog } from '#app/features/bookmarks/bookmark-dialog.tsx';

/**
 * The reader's bookmarks and the private-reading badge (ADR 044): `open` asks for a note on the page
 * on screen (`page`, 1-based; undefined on the end card), `layer` is the dialog, the "saved" toast
 * and the badge, drawn over the reader.
 */
export function useReaderBookmarks({
  api,
  isLoggedIn,
  episodeId,
  page,
  privateOn,
}: {
  api: ApiClient | undefined;
  isLoggedIn: boolean;
  episodeId: number;
  page: number | undefined;
  privateOn: boolean;
}): { open: () => void; layer: ReactNode } {
  const { t } = useTranslation();
  const [bookmarkPage, setBookmarkPage] = useState<number | undefined>(undefined);
  const [saved, setSaved] = useState<number | undefined>(undefined);
  const open = useCallback(() => {
    if (isLoggedIn && api && page !== undefined) setBookmarkPage(page);
  }, [isLoggedIn, api, page]);
  const layer = (
    <>
      {privateOn ? (
        <p
          className="pointer-events-none fixed top-16 right-3 z-40 rounded-full bg-violet-700 px-3 py-1 text-xs font-bold text-white shadow-lg"
          data-testid="private-reading-badge"
        >
          {t('reader_features.private.badge')}
        </p>
      ) : null}
      {saved !== undefined ? (
        <p
          role="status"
          className="pointer-events-none fixed inset-x-0 top-16 z-40 mx-auto w-fit rounded-full bg-white px-4 py-2 text-sm font-bold text-ink shadow-lg"
          data-testid="bookmark-saved"
        >
          {t('reader_features.bookmark.saved', { page: saved })}
        </p>
      ) : null}
      {bookmarkPage !== undefined && api ? (
        <BookmarkDialog
          api={api}
          episodeId={episodeId}
          page={bookmarkPage}
          onClose={(done) => {
            if (done) {
              setSaved(bookmarkPage);
              setTimeout(() => setSaved(undefined), 2500);
            }
            setBookmarkPage(undefined);
          }}
        />
      ) : null}
    </>
  );
  return { open, layer };
}
