import { deleteBookmark, listBookmarks } from '@manga/api-client';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { browserApi } from '#app/client/browser-api.ts';
import { useLoginState } from '#app/client/login-state.tsx';
import { useRootData } from '#app/root-data.ts';
import { type BookmarkItem, toBookmarkItems } from './bookmark-view.ts';

/**
 * A reader's bookmarks (ADR 044): one title's on its page (in reading order), or all of them on /my
 * (newest first, with the title's name). Loaded from the API in the browser: they are the account's,
 * so a bookmark made on another device shows here too. Nothing for visitors.
 */
export function BookmarkList({ titleId, className = 'mt-8' }: { titleId?: number; className?: string }) {
  const { t } = useTranslation();
  const root = useRootData();
  const { isLoggedIn } = useLoginState();
  const api = useMemo(() => (root ? browserApi(root) : undefined), [root]);
  const headingId = useId();
  const [items, setItems] = useState<BookmarkItem[] | undefined>(undefined);
  const [counts, setCounts] = useState({ count: 0, max: 0 });
  useEffect(() => {
    if (!api || !isLoggedIn) return;
    let live = true;
    listBookmarks(api, titleId === undefined ? {} : { title_id: titleId })
      .then((answer) => {
        if (!live) return;
        setItems(toBookmarkItems(answer));
        setCounts({ count: answer.bookmark_num, max: answer.max_bookmark_num });
      })
      .catch(() => setItems([]));
    return () => {
      live = false;
    };
  }, [api, isLoggedIn, titleId]);
  if (!isLoggedIn || items === undefined) return null;
  // A title with no bookmarks says nothing; /my explains how to make one.
  if (items.length === 0 && titleId !== undefined) return null;
  return (
    <section aria-labelledby={headingId} className={className} data-testid="bookmark-list">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold">
          {t('reader_features.bookmark.list_title')}
        </h2>
        {titleId === undefined ? (
          <p className="text-xs text-zinc-600 tabular-nums">
            {t('reader_features.bookmark.count', { count: counts.count, max: counts.max })}
          </p>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="mt-3 rounded-xl bg-zinc-50 px-4 py-3 text-sm text-zinc-700">
          {t('reader_features.bookmark.list_empty')}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-zinc-200 rounded-xl border border-zinc-200 bg-white">
          {items.map((item) => (
            <li key={item.bookmarkId} className="flex items-start gap-3 px-4 py-3" data-testid="bookmark-item">
              <Link
                to={item.href}
                className="min-w-0 flex-1 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                aria-label={t('reader_features.bookmark.open', { episode: item.episodeName, page: item.page })}
              >
                {titleId === undefined ? (
                  <span className="block truncate text-xs font-semibold text-zinc-600">{item.titleName}</span>
                ) : null}
                <span className="block truncate font-semibold">
                  {item.episodeName} ·{' '}
                  <span className="text-brand-700">{t('reader_features.bookmark.page', { page: item.page })}</span>
                </span>
                {item.note ? (
                  <span className="mt-0.5 block text-sm break-words whitespace-pre-line text-zinc-700">
                    {item.note}
                  </span>
                ) : null}
              </Link>
              <button
                type="button"
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-zinc-500 hover:bg-zinc-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                aria-label={`${t('reader_features.bookmark.delete')}: ${item.episodeName} ${t('reader_features.bookmark.page', { page: item.page })}`}
                onClick={() => {
                  if (!api) return;
                  void deleteBookmark(api, { bookmark_id: item.bookmarkId }).then((answer) => {
                    setItems((current) => current?.filter((other) => other.bookmarkId !== item.bookmarkId));
                    setCounts({ count: answer.bookmark_num, max: answer.max_bookmark_num });
                  });
                }}
                data-testid="bookmark-delete"
              >
                <svg
                  viewBox="0 0 24 24"
                  className="size-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  aria-hidden="true"
                >
                  <path d="M5 7h14M10 7V5h4v2M7 7l1 13h8l1-13" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
