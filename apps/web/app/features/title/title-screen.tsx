import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SERVICE_NAME } from '#app/brand.ts';
import { Breadcrumbs } from '#app/components/ui/breadcrumbs.tsx';
import { loginPathFor } from '#app/features/account/account-paths.ts';
import { CatalogueSection } from '#app/features/catalogue/catalogue-section.tsx';
import { HeroBackdrop, TitleFacts } from '#app/features/catalogue/featured-title.tsx';
import { bulkDialogHref } from '#app/features/catalogue/purchase-paths.ts';
import { TitleRail } from '#app/features/catalogue/title-rail.tsx';
import { openCommentsHref } from '#app/features/comments/comments.ts';
import { ContinueButton } from './continue-button.tsx';
import { EpisodeList } from './episode-list.tsx';
import { FollowButton } from './follow-button.tsx';
import { catchUpOf, type PurchaseActionResult } from './purchase.ts';
import { PurchaseDialog } from './purchase-dialog.tsx';
import { ShareLink } from './share-link.tsx';
import { TicketBlock } from './ticket-block.tsx';
import type { TitlePageData } from './title-page.ts';

const primaryButton =
  'inline-flex h-11 items-center justify-center rounded-full bg-brand-500 px-6 text-sm font-bold text-white shadow-lg shadow-brand-500/25 transition hover:bg-brand-600';
const continueButton =
  'inline-flex h-11 items-center justify-center rounded-full bg-white px-6 text-sm font-bold text-ink shadow-lg shadow-black/20 transition hover:bg-zinc-200';
const secondaryButton =
  'inline-flex h-11 items-center justify-center rounded-full bg-white/10 px-6 text-sm font-bold text-white ring-1 ring-white/20 transition hover:bg-white/20';

const ROLE_KEYS = new Set(['story_art', 'story', 'art', 'original', 'character_design']);

/**
 * The title page: the series' hero, introduction, episodes (with buy, rent and the catch-up),
 * tickets, comments entry, sharing and similar titles; the purchase confirmation the URL asks for.
 */
export function TitleScreen({ title, result }: { title: TitlePageData; result?: PurchaseActionResult }) {
  const { t } = useTranslation();
  const location = useLocation();
  const catchUp = catchUpOf(title.episodes);
  const authors =
    title.authors.length > 0
      ? title.authors.map((author) => ({
          name: author.name,
          role: ROLE_KEYS.has(author.role) ? t(`catalogue.role.${author.role}`) : author.role,
        }))
      : [{ name: title.authorText, role: '' }];
  const facts = [title.badge ? t(`top.${title.badge}`) : '', title.magazine, title.updateCycle].filter(Boolean);
  return (
    <>
      <section aria-labelledby="title-name" className="relative isolate overflow-hidden bg-ink text-white">
        <HeroBackdrop src={title.backdropUrl} shade="strong" />
        <div className="mx-auto max-w-7xl px-4 pt-5 pb-8 sm:px-6 sm:pt-7 sm:pb-12 lg:px-8">
          <Breadcrumbs crumbs={[{ label: title.name }]} tone="dark" className="mb-5" />
          <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:gap-9">
            <img
              src={title.posterUrl}
              srcSet={`${title.posterUrl} 600w`}
              sizes="(min-width: 1024px) 224px, (min-width: 640px) 176px, 128px"
              alt={t('top.cover_of', { name: title.name })}
              width={600}
              height={840}
              fetchPriority="high"
              className="aspect-[5/7] w-32 shrink-0 rounded-xl object-cover shadow-2xl ring-1 ring-white/10 sm:w-44 lg:w-56"
            />
            <div className="min-w-0">
              <TitleFacts facts={facts} className="mb-3" />
              <h1 id="title-name" className="text-2xl leading-tight font-black tracking-tight sm:text-4xl lg:text-5xl">
                {title.name}
              </h1>
              {title.nameInJapanese ? (
                <p lang="ja" className="mt-1 text-sm text-zinc-400">
                  {title.nameInJapanese}
                </p>
              ) : null}
              <ul
                className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-300"
                aria-label={t('catalogue.authors')}
              >
                {authors.map((author) => (
                  <li key={`${author.name}-${author.role}`}>
                    {author.role ? <span className="text-zinc-500">{author.role} </span> : null}
                    <span className="font-semibold text-white">{author.name}</span>
                  </li>
                ))}
              </ul>
              {title.genres.length > 0 ? (
                <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('catalogue.genres')}>
                  {title.genres.map((genre) => (
                    <li key={genre.id}>
                      <Link
                        to={`/search/genre/${genre.id}`}
                        className="inline-flex h-8 items-center rounded-full bg-brand-500/15 px-3 text-xs font-bold text-brand-100 ring-1 ring-brand-400/40 transition hover:bg-brand-500/30"
                      >
                        {genre.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="mt-6 flex flex-wrap items-start gap-3">
                <ContinueButton
                  title={title}
                  className={continueButton}
                  fallback={
                    title.firstEpisodeHref ? (
                      <Link to={title.firstEpisodeHref} className={primaryButton} data-testid="read-first">
                        {t('catalogue.read_first')}
                      </Link>
                    ) : null
                  }
                />
                <FollowButton titleId={title.id} following={title.following} />
                {title.latestReadableHref && title.latestReadableHref !== title.firstEpisodeHref ? (
                  <Link to={title.latestReadableHref} className={secondaryButton}>
                    {t('catalogue.read_latest_free')}
                  </Link>
                ) : null}
              </div>
            </div>
          </div>
        </div>
      </section>

      <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-8 sm:px-6 sm:py-10 lg:grid-cols-[minmax(0,1fr)_340px] lg:px-8">
        <div className="min-w-0">
          {title.nextUpdate || title.notice || title.campaign ? (
            <div className="mb-6 flex flex-col gap-2">
              {title.campaign ? (
                <p className="rounded-xl bg-rose-50 px-4 py-3 text-sm font-bold text-rose-700 ring-1 ring-rose-100">
                  {title.campaign}
                </p>
              ) : null}
              {title.nextUpdate ? (
                <p className="flex items-center gap-2 rounded-xl bg-brand-50 px-4 py-3 text-sm font-bold text-brand-700 ring-1 ring-brand-100">
                  <svg
                    viewBox="0 0 24 24"
                    className="size-4 shrink-0"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    aria-hidden="true"
                  >
                    <circle cx="12" cy="12" r="9" />
                    <path d="M12 7v5l3 2" />
                  </svg>
                  <span data-testid="next-update">{title.nextUpdate}</span>
                </p>
              ) : null}
              {title.notice ? <p className="px-1 text-sm text-zinc-600">{title.notice}</p> : null}
            </div>
          ) : null}

          <section aria-labelledby="introduction" className="mb-9">
            <h2 id="introduction" className="mb-2 text-lg font-extrabold text-ink">
              {t('catalogue.introduction')}
            </h2>
            <p className="max-w-3xl text-sm leading-relaxed whitespace-pre-line text-zinc-700 sm:text-base">
              {title.introduction}
            </p>
            {title.tags.length > 0 ? (
              <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t('catalogue.tags')}>
                {title.tags.map((tag) => (
                  <li key={tag} className="rounded bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600">
                    #{tag}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>

          <section aria-labelledby="episodes">
            <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
              <div>
                <h2 id="episodes" className="text-lg font-extrabold text-ink">
                  {t('catalogue.episodes')}
                </h2>
                <p className="text-xs text-zinc-500">
                  {t('catalogue.episode_counts', { count: title.totalEpisodes, free: title.freeEpisodes })}
                </p>
              </div>
              <nav
                aria-label={t('catalogue.sort_label')}
                className="flex rounded-full bg-zinc-100 p-1 text-xs font-bold"
              >
                {(['desc', 'asc'] as const).map((order) => (
                  <Link
                    key={order}
                    to={order === 'desc' ? title.href : `${title.href}?sort=asc`}
                    preventScrollReset
                    replace
                    aria-current={title.sort === order ? 'true' : undefined}
                    className={`rounded-full px-3 py-1.5 transition ${title.sort === order ? 'bg-white text-ink shadow-sm' : 'text-zinc-500 hover:text-ink'}`}
                  >
                    {t(`catalogue.episode_sort.${order}`)}
                  </Link>
                ))}
              </nav>
            </div>
            {catchUp.episodes.length > 1 ? (
              <Link
                to={title.tickets.signedIn ? bulkDialogHref(title.id) : loginPathFor(bulkDialogHref(title.id))}
                preventScrollReset
                data-testid="catch-up"
                className="mb-3 flex items-center justify-between gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm font-bold text-brand-800 ring-1 ring-brand-100 transition hover:bg-brand-100"
              >
                <span>
                  {t('purchase.catch_up', {
                    count: catchUp.episodes.length,
                    points: t('catalogue.badge.points', { count: catchUp.total }),
                  })}
                </span>
                {catchUp.pointBack > 0 ? (
                  <span className="shrink-0 text-xs text-amber-700">
                    {t('catalogue.bonus_back', { count: catchUp.pointBack })}
                  </span>
                ) : null}
              </Link>
            ) : null}
            <EpisodeList
              episodes={title.episodes}
              label={t('catalogue.episodes')}
              openComments={title.openComments}
              purchase={{ titleId: title.id, signedIn: title.tickets.signedIn, renderedAt: title.renderedAt }}
            />
          </section>
        </div>

        <aside className="flex flex-col gap-5" aria-label={t('catalogue.title_aside')}>
          <TicketBlock tickets={title.tickets} renderedAt={title.renderedAt} />
          <section aria-labelledby="comments-entry" className="rounded-2xl border border-zinc-200 bg-white p-5">
            <h2 id="comments-entry" className="text-base font-extrabold text-ink">
              {t('catalogue.comments_title')}
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-zinc-600">{t('catalogue.comments_body')}</p>
            {title.commentsEntryEpisodeId !== undefined ? (
              <Link
                to={openCommentsHref(location.search, title.commentsEntryEpisodeId, true)}
                preventScrollReset
                className="mt-4 inline-flex h-10 items-center rounded-full bg-zinc-100 px-4 text-sm font-bold text-ink transition hover:bg-zinc-200"
              >
                {t('catalogue.comments_open')}
              </Link>
            ) : null}
          </section>
          <section aria-labelledby="share-title" className="rounded-2xl border border-zinc-200 bg-white p-5">
            <h2 id="share-title" className="mb-3 text-base font-extrabold text-ink">
              {t('catalogue.share_title')}
            </h2>
            <ShareLink
              url={title.shareUrl}
              text={t('catalogue.share_text', { name: title.name, service: SERVICE_NAME })}
            />
          </section>
        </aside>
      </div>

      {title.purchase ? (
        <PurchaseDialog view={title.purchase} closeHref={title.closeDialogHref} result={result} titleId={title.id} />
      ) : null}
      {title.recommended.length > 0 ? (
        <CatalogueSection id="recommended" title={t('catalogue.recommended')} className="pt-0">
          <TitleRail titles={title.recommended} label={t('catalogue.recommended')} />
        </CatalogueSection>
      ) : null}
    </>
  );
}
