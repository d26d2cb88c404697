import { listNewChapters, markNewChaptersSeen } from '@manga/api-client';
import type { NewChapter } from '@manga/contracts';
import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { browserApi } from '#app/client/browser-api.ts';
import { Icon } from '#app/components/ui/icon.tsx';
import { useRootData } from '#app/root-data.ts';

// The header bell of a logged-in reader (issue 28, ADR 065): how many chapters of followed titles
// came out since it was last opened, and their list in a popover (a disclosure: the button says
// whether it is expanded; Escape closes it and returns focus, a click outside closes it). Opening
// it marks them seen on the account, so every device's bell empties.

export function NewChapterBell() {
  const { t } = useTranslation();
  const root = useRootData();
  const location = useLocation();
  const api = useMemo(() => (root ? browserApi(root) : undefined), [root]);
  const [chapters, setChapters] = useState<NewChapter[] | undefined>(undefined);
  const [count, setCount] = useState(0);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const panelId = useId();
  const headingId = useId();

  const load = useCallback(() => {
    if (!api) return;
    listNewChapters(api)
      .then((answer) => {
        setChapters(answer.new_chapter_list);
        setCount(answer.new_chapter_num);
      })
      .catch(() => undefined);
  }, [api]);
  useEffect(load, [load]);
  // A navigation closes the popover.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation by design
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const toggle = () => {
    if (open) {
      setOpen(false);
      return;
    }
    setOpen(true);
    if (api && count > 0) {
      // The list stays on screen while open; the count is what is left unseen.
      markNewChaptersSeen(api)
        .then(() => setCount(0))
        .catch(() => undefined);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  const label = count > 0 ? t('alerts.bell_label_count', { count }) : t('alerts.bell_label');
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the popover closes it
    <div className="relative" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        onClick={toggle}
        data-testid="new-chapter-bell"
        className="relative inline-flex size-9 items-center justify-center rounded-full text-ink transition hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Icon name="bell" className="size-5" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            data-testid="new-chapter-count"
            className="absolute -top-0.5 -right-0.5 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-brand-600 px-1 text-[11px] leading-none font-bold text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      {open ? (
        <section
          ref={panelRef}
          id={panelId}
          aria-labelledby={headingId}
          tabIndex={-1}
          data-testid="new-chapter-panel"
          className="absolute right-0 z-40 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-2xl bg-white p-2 shadow-xl ring-1 ring-zinc-200 outline-none"
        >
          <h2 id={headingId} className="px-3 pt-2 pb-1 text-sm font-bold text-ink">
            {t('alerts.bell_heading')}
          </h2>
          {chapters && chapters.length > 0 ? (
            <ul className="max-h-80 overflow-y-auto">
              {chapters.map((chapter) => (
                <li key={chapter.episode_id}>
                  <Link
                    to={`/title/${chapter.title_id}/episode/${chapter.episode_id}`}
                    className="block rounded-lg px-3 py-2 text-sm transition hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                    data-testid="new-chapter-item"
                  >
                    <span className="block font-semibold break-words text-ink">{chapter.title_name}</span>
                    <span className="block text-xs text-zinc-600">
                      {chapter.episode_name} ·{' '}
                      <time dateTime={chapter.start_time}>{chapter.start_time.slice(0, 16)}</time>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-3 py-3 text-sm text-zinc-600">{t('alerts.bell_empty')}</p>
          )}
          <Link
            to="/my/setting#chapter-alerts"
            className="mt-1 block rounded-lg px-3 py-2 text-xs font-semibold text-brand-700 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            {t('alerts.bell_settings')}
          </Link>
        </section>
      ) : null}
    </div>
  );
}
