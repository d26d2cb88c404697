import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { EpisodeAccess } from '#app/features/catalogue/episode-access.ts';
import { openCommentsHref } from '#app/features/comments/comments.ts';
import { EpisodeComments } from '#app/features/comments/episode-comments.tsx';
import { formatShortDate } from '#app/i18n/date-format.ts';
import { useRootData } from '#app/root-data.ts';
import type { EpisodeRowView, TitlePageData } from './title-page.ts';

/** The badge of one episode: free, its price in points, rented with the time left, or purchased. */
export function AccessBadge({ access }: { access: EpisodeAccess }) {
  const { t } = useTranslation();
  switch (access.kind) {
    case 'free':
      return (
        <span className="inline-flex items-center rounded-full bg-brand-500 px-2.5 py-1 text-xs font-black text-white">
          {t('catalogue.badge.free')}
        </span>
      );
    case 'purchased':
      return (
        <span className="inline-flex items-center rounded-full bg-zinc-100 px-2.5 py-1 text-xs font-bold text-zinc-700 ring-1 ring-zinc-200">
          {t('catalogue.badge.purchased')}
        </span>
      );
    case 'rented':
      return (
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-bold text-emerald-700 ring-1 ring-emerald-200">
          {access.left
            ? t('catalogue.badge.rented', {
                left: t(`catalogue.time_left.${access.left.unit}`, { count: access.left.count }),
              })
            : t('catalogue.badge.rented_plain')}
        </span>
      );
    case 'paid':
      return (
        <span className="inline-flex items-center gap-1.5">
          {access.ticket ? (
            <span
              title={t('catalogue.badge.ticket_ok')}
              className="inline-flex items-center rounded-full bg-amber-50 px-2 py-1 text-[11px] font-bold text-amber-700 ring-1 ring-amber-200"
            >
              {t('catalogue.badge.ticket')}
            </span>
          ) : null}
          <span
            data-testid="episode-price"
            className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-1 text-xs font-black text-ink ring-1 ring-zinc-300"
          >
            <svg viewBox="0 0 16 16" className="size-3.5 text-amber-500" fill="currentColor" aria-hidden="true">
              <circle cx="8" cy="8" r="7" />
              <path d="M8 4v8M5.5 6.5h5" stroke="#fff" strokeWidth="1.6" />
            </svg>
            {t('catalogue.badge.points', { count: access.point })}
          </span>
        </span>
      );
  }
}

/** The link that opens (or closes) an episode's comments under its row, with their count. */
function CommentsToggle({ episode, open }: { episode: EpisodeRowView; open: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Link
      to={openCommentsHref(location.search, episode.id, !open)}
      preventScrollReset
      aria-expanded={open}
      aria-label={
        open
          ? t('comments.close_label', { name: episode.name })
          : t('comments.open_label', { name: episode.name, count: episode.commentCount })
      }
      data-testid="episode-comments-toggle"
      className={`flex w-14 shrink-0 flex-col items-center justify-center gap-0.5 border-l border-zinc-100 text-[11px] font-bold tabular-nums transition sm:w-16 ${
        open ? 'bg-brand-50 text-brand-700' : 'text-zinc-500 hover:bg-zinc-50 hover:text-ink'
      }`}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <path d="M4 5.5h16v10H9l-5 4z" strokeLinejoin="round" />
      </svg>
      {episode.commentCount}
    </Link>
  );
}

/**
 * Episodes as rows: number, name, release date, bonus and comment counts, the access badge, and a
 * link that opens the episode's comments under its row (`openComments`, from the page's loader).
 */
export function EpisodeList({
  episodes,
  label,
  openComments,
}: {
  episodes: readonly EpisodeRowView[];
  label: string;
  openComments?: TitlePageData['openComments'];
}) {
  const { t } = useTranslation();
  const root = useRootData();
  const locale = root?.locale ?? 'ja';
  return (
    <ol
      aria-label={label}
      className="divide-y divide-zinc-100 overflow-hidden rounded-2xl border border-zinc-200 bg-white"
    >
      {episodes.map((episode) => (
        <li key={episode.id} id={`episode-${episode.id}`} className="scroll-mt-44 md:scroll-mt-32">
          <div className="flex">
            <Link
              to={episode.href}
              data-testid="episode-row"
              data-access={episode.access.kind}
              className="group flex min-w-0 flex-1 items-center gap-3 px-4 py-3.5 transition hover:bg-zinc-50 focus-visible:bg-zinc-50 sm:gap-4 sm:px-5"
            >
              <span className="w-9 shrink-0 text-center text-sm font-black text-zinc-400 tabular-nums">
                {episode.index}
              </span>
              <span className="min-w-0 flex-1">
                <span
                  className={`block truncate text-sm font-bold group-hover:text-brand-600 sm:text-base ${episode.isViewed ? 'text-zinc-500' : 'text-ink'}`}
                >
                  {episode.name}
                </span>
                <span className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-zinc-500">
                  {episode.releasedAt ? (
                    <time dateTime={episode.releasedAt}>
                      {formatShortDate(new Date(episode.releasedAt), locale, root?.wireTimeZone)}
                    </time>
                  ) : null}
                  {episode.bonusPoint > 0 ? (
                    <span className="font-semibold text-amber-600">
                      {t('catalogue.bonus_back', { count: episode.bonusPoint })}
                    </span>
                  ) : null}
                  {episode.commentCount > 0 ? (
                    <span>{t('catalogue.comment_count', { count: episode.commentCount })}</span>
                  ) : null}
                  {episode.isViewed ? <span>{t('catalogue.read')}</span> : null}
                </span>
              </span>
              <AccessBadge access={episode.access} />
            </Link>
            <CommentsToggle episode={episode} open={openComments?.episodeId === episode.id} />
          </div>
          {openComments?.episodeId === episode.id ? (
            <div className="border-t border-zinc-100 bg-zinc-50 p-2 sm:p-4">
              <EpisodeComments
                episodeId={episode.id}
                initial={openComments.initial}
                episodeHref={episode.href}
                loginInPlace
                headingLevel={3}
              />
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
