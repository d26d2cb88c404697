import { editorialOperations } from '@manga/api-client';
import { type EditorPage, PAGE_REPLACE_MAX_BYTES, PAGE_REPLACE_MEDIA_TYPES } from '@manga/contracts';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserApi } from '#app/client/browser-api.ts';
import { Button } from '#app/components/ui/button.tsx';
import { useRootData } from '#app/root-data.ts';

// A chapter's pages in the console (issue 26, ADR 061 addendum): previews in reading order, each page
// moved up or down with buttons (keyboard and screen readers: the moved page keeps the focus and the
// move is announced), the new order saved at once, and one page's image replaced through the API's
// import pipeline. Previews are the API's unscrambled small JPEGs, fetched with the console's signed
// headers (an <img> cannot send them) and shown from object URLs.

type Api = ReturnType<typeof editorialOperations>;

function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** Object URLs of page previews, by page id and image version; revoked when the editor closes. */
function usePreviews(api: Api | undefined, episodeId: number, pages: readonly EditorPage[] | undefined) {
  const [urls, setUrls] = useState<Record<string, string>>({});
  const made = useRef(new Map<string, string>());
  useEffect(() => {
    if (!api || !pages) return;
    let live = true;
    for (const page of pages) {
      const key = `${page.page_id}:${page.image_version}`;
      if (made.current.has(key)) continue;
      made.current.set(key, '');
      const target = api.pagePreviewTarget({ episode_id: String(episodeId), page_id: String(page.page_id) });
      fetch(target.url, { headers: target.headers, credentials: 'include' })
        .then((res) => (res.ok ? res.blob() : undefined))
        .then((blob) => {
          if (!blob) return;
          const url = URL.createObjectURL(blob);
          made.current.set(key, url);
          if (live) setUrls((current) => ({ ...current, [key]: url }));
        })
        .catch(() => made.current.delete(key));
    }
    return () => {
      live = false;
    };
  }, [api, episodeId, pages]);
  useEffect(
    () => () => {
      for (const url of made.current.values()) if (url) URL.revokeObjectURL(url);
    },
    [],
  );
  return (page: EditorPage) => urls[`${page.page_id}:${page.image_version}`];
}

export function ChapterPagesEditor({ episodeId }: { episodeId: number }) {
  const { t } = useTranslation();
  const root = useRootData();
  const api = useMemo(() => (root ? editorialOperations(browserApi(root)) : undefined), [root]);
  const [pages, setPages] = useState<EditorPage[]>();
  const [order, setOrder] = useState<number[]>([]);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState<'save' | number | undefined>();
  const listRef = useRef<HTMLOListElement>(null);
  const headingId = useId();
  const previewOf = usePreviews(api, episodeId, pages);

  const show = useCallback((list: EditorPage[]) => {
    setPages(list);
    setOrder(list.map((page) => page.page_id));
  }, []);

  useEffect(() => {
    if (!api) return;
    api
      .listEditorEpisodePages({ episode_id: String(episodeId) })
      .then((res) => show(res.page_list))
      .catch((e: unknown) => setError(errorText(e, t('editorial.pages.load_failed'))));
  }, [api, episodeId, show, t]);

  const byId = new Map((pages ?? []).map((page) => [page.page_id, page]));
  const changed = pages !== undefined && order.some((id, index) => id !== pages[index]?.page_id);

  const move = (index: number, by: -1 | 1, pageId: number) => {
    const to = index + by;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    [next[index], next[to]] = [next[to]!, next[index]!];
    setOrder(next);
    setError('');
    setNotice(t('editorial.pages.moved', { page: byId.get(pageId)?.page_number, position: to + 1 }));
    // The moved page's same button keeps the focus (or the other one at either end).
    requestAnimationFrame(() => {
      const item = listRef.current?.querySelector<HTMLElement>(`[data-page-id="${pageId}"]`);
      const button =
        item?.querySelector<HTMLButtonElement>(`[data-move="${by}"]:not(:disabled)`) ??
        item?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
      button?.focus();
    });
  };

  const save = async () => {
    if (!api) return;
    setBusy('save');
    setError('');
    try {
      const res = await api.reorderEditorEpisodePages({ episode_id: String(episodeId), page_id_list: order.join(',') });
      show(res.page_list);
      setNotice(t('editorial.pages.saved'));
    } catch (e) {
      setError(errorText(e, t('editorial.pages.save_failed')));
    } finally {
      setBusy(undefined);
    }
  };

  const replace = async (page: EditorPage, file: File | undefined) => {
    if (!api || !file) return;
    setError('');
    if (!(PAGE_REPLACE_MEDIA_TYPES as readonly string[]).includes(file.type)) {
      setError(t('editorial.pages.not_image', { name: file.name }));
      return;
    }
    if (file.size > PAGE_REPLACE_MAX_BYTES) {
      setError(t('editorial.pages.too_large', { mb: PAGE_REPLACE_MAX_BYTES / (1024 * 1024) }));
      return;
    }
    setBusy(page.page_id);
    try {
      const target = api.pageReplaceTarget({ episode_id: String(episodeId), page_id: String(page.page_id) });
      const res = await fetch(target.url, {
        method: 'POST',
        headers: { ...target.headers, 'content-type': file.type },
        credentials: 'include',
        body: file,
      });
      const json = (await res.json().catch(() => ({}))) as { page_list?: EditorPage[]; error_message?: string };
      if (!res.ok || !json.page_list) {
        setError(
          res.status === 413
            ? t('editorial.pages.too_large', { mb: PAGE_REPLACE_MAX_BYTES / (1024 * 1024) })
            : json.error_message || t('editorial.pages.replace_failed'),
        );
        return;
      }
      // A pending reorder is kept: only the replaced page's image changes.
      setPages(json.page_list);
      setNotice(t('editorial.pages.replaced', { page: page.page_number }));
    } catch {
      setError(t('editorial.pages.replace_failed'));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section className="mt-4 border-t border-zinc-200 pt-4" aria-labelledby={headingId} data-testid="chapter-pages">
      <h3 id={headingId} className="text-sm font-bold text-ink">
        {t('editorial.pages.heading')}
      </h3>
      <p className="mt-1 text-xs leading-relaxed text-zinc-600">{t('editorial.pages.lead')}</p>
      {pages === undefined && !error ? (
        <p className="mt-2 text-sm text-zinc-600">{t('editorial.pages.loading')}</p>
      ) : null}
      <ol ref={listRef} className="mt-3 grid grid-cols-2 items-start gap-3 sm:grid-cols-4 lg:grid-cols-6">
        {order.map((pageId, index) => {
          const page = byId.get(pageId);
          if (!page) return null;
          const preview = previewOf(page);
          const label = t('editorial.pages.page', { page: page.page_number });
          return (
            <li
              key={pageId}
              data-page-id={pageId}
              data-testid="chapter-page"
              className="flex flex-col gap-1.5 rounded-lg border border-zinc-200 bg-white p-2"
            >
              <div className="flex items-baseline justify-between text-xs">
                <span className="font-bold text-ink">{t('editorial.pages.position', { position: index + 1 })}</span>
                {page.page_number !== index + 1 ? <span className="text-amber-800">{label}</span> : null}
              </div>
              <div className="flex h-40 items-center justify-center overflow-hidden rounded bg-zinc-100 sm:h-48">
                {preview ? (
                  <img
                    src={preview}
                    alt={label}
                    className="h-full w-full object-contain"
                    data-testid="chapter-page-preview"
                  />
                ) : (
                  <span className="text-xs text-zinc-500">{label}</span>
                )}
              </div>
              <div className="flex gap-1">
                <Button
                  type="button"
                  variant="secondary"
                  size="xs"
                  data-move={-1}
                  disabled={index === 0 || busy !== undefined}
                  onClick={() => move(index, -1, pageId)}
                  aria-label={t('editorial.pages.move_up', { page: page.page_number })}
                  data-testid="chapter-page-up"
                >
                  ↑
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  size="xs"
                  data-move={1}
                  disabled={index === order.length - 1 || busy !== undefined}
                  onClick={() => move(index, 1, pageId)}
                  aria-label={t('editorial.pages.move_down', { page: page.page_number })}
                  data-testid="chapter-page-down"
                >
                  ↓
                </Button>
              </div>
              <label className="cursor-pointer rounded-md text-xs font-bold text-brand-700 underline focus-within:ring-2 focus-within:ring-brand-500">
                {busy === page.page_id ? t('editorial.pages.replacing') : t('editorial.pages.replace')}
                <span className="sr-only"> {label}</span>
                <input
                  type="file"
                  accept={PAGE_REPLACE_MEDIA_TYPES.join(',')}
                  className="sr-only"
                  disabled={busy !== undefined}
                  onChange={(event) => {
                    void replace(page, event.target.files?.[0]);
                    event.target.value = '';
                  }}
                  data-testid="chapter-page-replace"
                />
              </label>
            </li>
          );
        })}
      </ol>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="primary"
          size="md"
          disabled={!changed || busy !== undefined}
          busy={busy === 'save'}
          onClick={() => void save()}
          data-testid="chapter-pages-save"
        >
          {t('editorial.pages.save')}
        </Button>
        {changed ? (
          <Button
            type="button"
            variant="secondary"
            size="md"
            disabled={busy !== undefined}
            onClick={() => pages && show(pages)}
            data-testid="chapter-pages-reset"
          >
            {t('editorial.pages.reset')}
          </Button>
        ) : null}
        <p aria-live="polite" className="text-sm text-zinc-700" data-testid="chapter-pages-notice">
          {error ? '' : notice}
        </p>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-bold text-red-700" data-testid="chapter-pages-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
