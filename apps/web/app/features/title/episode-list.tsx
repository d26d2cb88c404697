import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '#app/components/ui/icon.tsx';
import { loginPathFor } from '#app/features/account/account-paths.ts';
import type { EpisodeAccess } from '#app/features/catalogue/episode-access.ts';
import { LiveCountdown } from '#app/features/catalogue/live-countdown.tsx';
import { purchaseDialogHref } from '#app/features/catalogue/purchase-paths.ts';
import { openCommentsHref } from '#app/features/comments/comments.ts';
import { EpisodeComments } from '#app/features/comments/episode-comments.tsx';
import { DownloadButton } from '#app/features/offline/download-button.tsx';
import { useDateFormat } from '#app/i18n/date-format.ts';
import { EpisodeThumbnail } from './episode-thumbnail.tsx';
import type { EpisodeRowView, TitlePageData } from './title-page.ts';

/** The badge of one episode: free, its price in points, rented with the time left (live), or purchased. */
export function AccessBadge({ access, renderedAt }: { access: EpisodeAccess; renderedAt?: string }) {
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
          {access.until && renderedAt ? (
            <LiveCountdown
              until={access.until}
              renderedAt={renderedAt}
              format={(left) => t('purchase.rented_left', { left })}
              ended={t('purchase.rental_ended')}
            />
          ) : access.left ? (
            t('catalogue.badge.rented', {
              left: t(`catalogue.time_left.${access.left.unit}`, { count: access.left.count }),
            })
          ) : (
            t('catalogue.badge.rented_plain')
          )}
        </span>
      );
    case 'paid':
      return (
        <span className="inline-flex flex-wrap items-center gap-1.5">
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
            <Icon name="coin" className="size-3.5 text-amber-500" />
            {t('catalogue.badge.points', { count: access.point })}
          </span>
        </span>
      );
  }
}

const actionButton =
  'inline-flex h-9 items-center justify-center gap-1 rounded-full px-3.5 text-xs font-black transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/**
 * Buy and rent of a locked episode: links to the title page's confirmation (a visitor logs in on
 * the way and comes back to it). Shown beside the row's link, never inside it.
 */
function LockedActions({ episode, purchase }: { episode: EpisodeRowView; purchase: PurchaseLinks }) {
  const { t } = useTranslation();
  if (episode.access.kind !== 'paid') return null;
  const { point, ticket } = episode.access;
  const to = (kind: 'buy' | 'rent') => {
    const href = purchaseDialogHref(purchase.titleId, kind, episode.id);
    return purchase.signedIn ? href : loginPathFor(href);
  };
  const points = t('catalogue.badge.points', { count: point });
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2 pr-4 pb-3 pl-[5.25rem] sm:py-3 sm:pl-0 sm:pr-5">
      {ticket ? (
        <Link
          to={to('rent')}
          preventScrollReset
          aria-label={t('purchase.rent_label', { name: episode.name })}
          data-testid="episode-rent"
          className={`${actionButton} bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200 hover:bg-emerald-100`}
        >
          <Icon name="rentalTicket" className="size-4" />
          {t('purchase.rent_button')}
        </Link>
      ) : null}
      {episode.singleSale ? (
        <Link
          to={to('buy')}
          preventScrollReset
          aria-label={t('purchase.buy_label', { name: episode.name, points })}
          data-testid="episode-buy"
          className={`${actionButton} bg-white text-ink ring-1 ring-zinc-300 hover:bg-zinc-50`}
        >
          <Icon name="coin" className="size-3.5 text-amber-500" />
          <span data-testid="episode-price">{points}</span>
          <span className="text-brand-600">· {t('purchase.buy_button')}</span>
        </Link>
      ) : (
        <span data-testid="episode-price" className="text-xs font-bold text-zinc-500">
          {points}
        </span>
      )}
    </div>
  );
}

/** What the rows need to link to the title page's buy and rent confirmations. */
export interface PurchaseLinks {
  titleId: number;
  signedIn: boolean;
  /** When the page was drawn: the first frame of the rentals' countdowns. */
  renderedAt: string;
  /**
   * A member shell before the reader's answer is applied (ADR 048): a chapter to buy may be theirs
   * already, so its price and buttons keep their place, unseen.
   */
  pending?: boolean;
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
 * Episodes as rows: thumbnail with the number, name, release date, bonus and comment counts, the access badge, and a
 * link that opens the episode's comments under its row (`openComments`, from the page's loader).
 */
export function EpisodeList({
  episodes,
  label,
  openComments,
  purchase,
  coverUrl,
}: {
  episodes: readonly EpisodeRowView[];
  label: string;
  /** The title's cover: a chapter's thumbnail that fails to load falls back to it. */
  coverUrl?: string;
  openComments?: TitlePageData['openComments'];
  purchase?: PurchaseLinks;
}) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  return (
    <ol
      aria-label={label}
      className="divide-y divide-zinc-100 overflow-hidden rounded-2xl border border-zinc-200 bg-white"
    >
      {episodes.map((episode) => (
        <li key={episode.id} id={`episode-${episode.id}`} className="scroll-mt-44 md:scroll-mt-32">
          <div className="flex">
            <div className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center">
              <Link
                to={episode.href}
                data-testid="episode-row"
                data-access={episode.access.kind}
                data-viewed={episode.isViewed ? (episode.isViewedLastPage ? 'finished' : 'opened') : undefined}
                className="group grid min-w-0 flex-1 grid-cols-[3.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-1.5 px-4 py-3 transition hover:bg-zinc-50 focus-visible:bg-zinc-50 sm:grid-cols-[4rem_minmax(0,1fr)_auto] sm:gap-x-4 sm:px-5"
              >
                <span className="row-span-2 self-start sm:row-span-1 sm:self-center">
                  <EpisodeThumbnail src={episode.thumbnailUrl} fallback={coverUrl ?? ''} index={episode.index} />
                </span>
                <span className="min-w-0">
                  <span
                    className={`block text-sm font-bold break-words group-hover:text-brand-600 sm:text-base ${episode.isViewed ? 'text-zinc-500' : 'text-ink'}`}
                  >
                    {episode.name}
                  </span>
                  <span className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-zinc-500">
                    {episode.releasedAt ? (
                      <time dateTime={episode.releasedAt}>{dates.shortDate(episode.releasedAt)}</time>
                    ) : null}
                    {episode.bonusPoint > 0 ? (
                      <span className="font-semibold text-amber-600">
                        {t('catalogue.bonus_back', { count: episode.bonusPoint })}
                      </span>
                    ) : null}
                    {episode.commentCount > 0 ? (
                      <span>{t('catalogue.comment_count', { count: episode.commentCount })}</span>
                    ) : null}
                    {episode.isViewed ? (
                      <span
                        className="inline-flex items-center gap-1 font-semibold text-brand-700"
                        data-testid="read-mark"
                      >
                        <svg
                          viewBox="0 0 16 16"
                          className="size-3.5"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2"
                          aria-hidden="true"
                        >
                          <path d="M3 8.5l3 3 7-7" strokeLinecap="round" strokeLinejoin="round" />
                        </svg>
                        {episode.isViewedLastPage ? t('catalogue.read_finished') : t('catalogue.read')}
                      </span>
                    ) : null}
                  </span>
                </span>
                {episode.access.kind === 'paid' && purchase ? null : (
                  // Under the name on a phone (so the name keeps its width), at the row's end from sm up.
                  <span className="col-start-2 justify-self-start sm:col-start-3 sm:justify-self-end">
                    <AccessBadge access={episode.access} renderedAt={purchase?.renderedAt} />
                  </span>
                )}
              </Link>
              {purchase?.pending && episode.access.kind === 'paid' ? (
                <div className="invisible" aria-hidden="true" data-personal="pending">
                  <LockedActions episode={episode} purchase={purchase} />
                </div>
              ) : purchase ? (
                <LockedActions episode={episode} purchase={purchase} />
              ) : null}
              {episode.access.kind === 'paid' ? null : (
                <DownloadButton
                  episodeId={episode.id}
                  name={episode.name}
                  className="flex items-center px-4 pb-3 pl-[5.25rem] sm:px-2 sm:pb-0"
                />
              )}
            </div>
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
