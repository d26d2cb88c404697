import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SERVICE_NAME } from '#app/brand.ts';
import { loginPathFor } from '#app/features/account/account-paths.ts';
import { BookmarkList } from '#app/features/bookmarks/bookmark-list.tsx';
import { AgeRestrictionPanel } from '#app/features/catalogue/age-restriction-panel.tsx';
import { CatalogueSection } from '#app/features/catalogue/catalogue-section.tsx';
import type { PurchaseActionResult } from '#app/features/catalogue/purchase.ts';
import { bulkDialogHref } from '#app/features/catalogue/purchase-paths.ts';
import { TitleRail } from '#app/features/catalogue/title-rail.tsx';
import { openCommentsHref } from '#app/features/comments/comments.ts';
import { usePersonal } from '#app/personal/personal.tsx';
import { EpisodeList } from './episode-list.tsx';
import { PurchaseDialog } from './purchase-dialog.tsx';
import { ShareLink } from './share-link.tsx';
import { TicketBlock } from './ticket-block.tsx';
import type { TitleAlertActionResult } from './title-alert.ts';
import { TitleHero, TitleIntroduction } from './title-hero.tsx';
import { personalizeTitle, type TitlePageData } from './title-page.ts';

/**
 * The title page: the series' hero, introduction, episodes (with buy, rent and the catch-up),
 * tickets, comments entry, sharing and similar titles; the purchase confirmation the URL asks for.
 */
export function TitleScreen({
  title: loaded,
  result,
  alertPosted,
}: {
  title: TitlePageData;
  result?: PurchaseActionResult;
  alertPosted?: TitleAlertActionResult;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const personal = usePersonal('title', loaded.personalDeferred);
  const title = personal ? personalizeTitle(loaded, personal) : loaded;
  // A member shell before the reader's answer is applied (ADR 048): their own state keeps its place, unseen.
  const pending = title.personalDeferred === true;
  const { catchUp } = title;
  return (
    <>
      <TitleHero title={title} pending={pending} alertPosted={alertPosted} />

      <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 pt-3 pb-5 sm:px-6 sm:py-10 lg:grid-cols-[minmax(0,1fr)_340px] lg:px-8">
        <div className="min-w-0">
          {title.ageRestriction ? (
            <AgeRestrictionPanel
              restriction={title.ageRestriction}
              idPrefix="title-age"
              className="mb-8 max-w-xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-zinc-200 sm:p-6"
            />
          ) : null}
          {title.nextUpdate || title.notice || title.campaign ? (
            <div className="mb-3 flex flex-col gap-1.5 sm:mb-6 sm:gap-2">
              {title.campaign ? (
                <p className="rounded-xl bg-rose-50 px-3 py-1.5 text-xs sm:px-4 sm:py-3 sm:text-sm font-bold text-rose-700 ring-1 ring-rose-100">
                  {title.campaign}
                </p>
              ) : null}
              {title.nextUpdate ? (
                <p className="flex items-center gap-2 rounded-xl bg-brand-50 px-3 py-1.5 text-xs font-bold text-brand-700 sm:px-4 sm:py-3 sm:text-sm ring-1 ring-brand-100">
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
              {title.notice ? <p className="px-1 text-xs text-zinc-600 sm:text-sm">{title.notice}</p> : null}
            </div>
          ) : null}

          <TitleIntroduction title={title} />

          <section aria-labelledby="episodes">
            <div className="mb-2 flex flex-wrap items-end justify-between gap-3 sm:mb-3">
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
                    className={`rounded-full px-3 py-1.5 transition ${title.sort === order ? 'bg-white text-ink shadow-sm' : 'text-zinc-600 hover:text-ink'}`}
                  >
                    {t(`catalogue.episode_sort.${order}`)}
                  </Link>
                ))}
              </nav>
            </div>
            {catchUp.episodes.length > 1 && !pending ? (
              <Link
                to={title.tickets.signedIn ? bulkDialogHref(title.id) : loginPathFor(bulkDialogHref(title.id))}
                preventScrollReset
                data-testid="catch-up"
                className="mb-2 flex items-center justify-between gap-3 rounded-xl bg-brand-50 px-4 py-2 text-sm font-bold sm:mb-3 sm:py-3 text-brand-800 ring-1 ring-brand-100 transition hover:bg-brand-100"
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
              coverUrl={title.coverUrl}
              openComments={title.openComments}
              purchase={{
                titleId: title.id,
                signedIn: title.tickets.signedIn,
                renderedAt: title.renderedAt,
                pending,
              }}
            />
          </section>
          <BookmarkList titleId={title.id} />
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
