import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SERVICE_NAME } from '#app/brand.ts';
import { useLoginState } from '#app/client/login-state.tsx';
import { StatusPanel } from '#app/components/ui/status-panel.tsx';
import { CatalogueSection } from '#app/features/catalogue/catalogue-section.tsx';
import { HistoryCard } from '#app/features/catalogue/continue-reading.tsx';
import { FeaturedTitle } from '#app/features/catalogue/featured-title.tsx';
import { RankedList } from '#app/features/catalogue/ranked-list.tsx';
import { TitleGrid } from '#app/features/catalogue/title-grid.tsx';
import { TitleRail } from '#app/features/catalogue/title-rail.tsx';
import { usePersonal } from '#app/personal/personal.tsx';
import { SocialFollow } from './social-follow.tsx';
import type { BonusEpisodeView, GenreRankingView, TopBannerView, TopPageData } from './top-page.ts';

function BonusEpisodes({ episodes }: { episodes: readonly BonusEpisodeView[] }) {
  const { t } = useTranslation();
  return (
    <ul
      aria-label={t('top.bonus_episodes')}
      className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:-mx-6 sm:gap-4 sm:px-6 lg:mx-0 lg:grid lg:grid-cols-4 lg:overflow-visible lg:px-0 [&::-webkit-scrollbar]:hidden"
    >
      {episodes.map((episode) => (
        <li key={episode.id} className="w-60 shrink-0 snap-start sm:w-64 lg:w-auto">
          <Link to={episode.href} className="group block rounded-xl">
            <div className="relative aspect-[2/1] overflow-hidden rounded-xl bg-zinc-100 ring-1 ring-black/5">
              {episode.imageUrl ? (
                <img
                  src={episode.imageUrl}
                  srcSet={`${episode.imageUrl} 720w`}
                  sizes="(min-width: 1024px) 300px, 256px"
                  alt=""
                  width={720}
                  height={360}
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover transition duration-300 group-hover:scale-[1.03]"
                />
              ) : null}
              <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-black text-ink shadow">
                {t('top.bonus_points', { count: episode.bonusPoint })}
              </span>
            </div>
            <h3 className="mt-2 truncate text-sm font-bold text-ink group-hover:text-brand-600">{episode.titleName}</h3>
            <p className="truncate text-xs text-zinc-500">{episode.episodeName}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function GenreRankings({ genres }: { genres: readonly GenreRankingView[] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {genres.map((genre) => (
        <section
          key={genre.rankingId}
          aria-labelledby={`genre-ranking-${genre.rankingId}`}
          className="rounded-2xl border border-zinc-200 bg-white p-3 shadow-sm"
        >
          <div className="flex items-center justify-between px-2 pt-1 pb-2">
            <h3 id={`genre-ranking-${genre.rankingId}`} className="text-base font-extrabold text-ink">
              {genre.name}
            </h3>
            <Link
              to={`/ranking/${genre.rankingId}`}
              className="rounded-full px-2 py-1 text-xs font-bold text-brand-600 hover:bg-brand-50"
              aria-label={t('top.genre_ranking_more', { genre: genre.name })}
            >
              {t('top.see_all')}
            </Link>
          </div>
          <RankedList titles={genre.titles.slice(0, 3)} label={genre.name} columns="sm:grid-cols-1 lg:grid-cols-1" />
        </section>
      ))}
    </div>
  );
}

function ReadingHistoryEntry() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-brand-100 bg-brand-50 px-6 py-6 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="text-base font-extrabold text-ink">{t('top.history_title')}</p>
        <p className="mt-1 text-sm text-zinc-600">{t('top.history_body')}</p>
      </div>
      <Link
        to="/my/history"
        className="inline-flex h-10 shrink-0 items-center self-start rounded-full bg-ink px-5 text-sm font-bold text-white transition hover:bg-zinc-800 sm:self-auto"
      >
        {t('top.history_open')}
      </Link>
    </div>
  );
}

/** The editors' banners (ADR 074) in their order, one row: the image is the link, its alt text the link's name. */
function TopBanners({ banners, label }: { banners: TopBannerView[]; label: string }) {
  return (
    <nav aria-label={label} className="mx-auto w-full max-w-7xl px-4 pt-6 sm:px-6 lg:px-8" data-testid="top-banners">
      {/* One row however many: a strip that scrolls sideways, each banner snapping into place. */}
      <ul className="-mx-1 flex snap-x snap-mandatory gap-3 overflow-x-auto px-1 pt-1 pb-2">
        {banners.map((banner) => (
          <li key={banner.id} className="w-[85%] shrink-0 snap-start sm:w-[48%] lg:w-[32%]">
            <a
              href={banner.href}
              className="block overflow-hidden rounded-2xl ring-1 ring-zinc-200 transition hover:ring-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              {...(banner.href.startsWith('https://') ? { rel: 'noopener noreferrer' } : {})}
              data-testid="top-banner"
            >
              <img
                src={banner.imageUrl}
                alt={banner.alt}
                width={1280}
                height={480}
                loading="lazy"
                className="aspect-[8/3] w-full object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The top page: featured title, bonus episodes, rankings, today's titles, genre rankings, every title. */
export function TopScreen({ page }: { page: TopPageData }) {
  const { t } = useTranslation();
  const { isLoggedIn } = useLoginState();
  const personal = usePersonal('top', page.state === 'ready' && page.personalDeferred);
  if (page.state === 'unavailable') {
    return (
      <>
        <h1 className="sr-only">{`${SERVICE_NAME}: ${t('brand.tagline')}`}</h1>
        <div className="px-4 py-20 sm:py-28">
          <StatusPanel
            code={page.responseCode}
            title={t('top.unavailable_title')}
            message={t('top.unavailable_body')}
            action={{ href: '/', label: t('common.try_again'), reloadDocument: true }}
          />
        </div>
      </>
    );
  }
  const history = page.personalDeferred ? personal?.history : page.history;
  return (
    <>
      <h1 className="sr-only">{`${SERVICE_NAME}: ${t('brand.tagline')}`}</h1>
      {page.featured ? <FeaturedTitle title={page.featured} /> : null}
      {page.banners.length > 0 ? <TopBanners banners={page.banners} label={t('top.banners')} /> : null}
      {history === undefined ? (
        // A member shell before the reader's answer is applied: the place their history takes, blank.
        <div className="mx-auto w-full max-w-7xl px-4 pt-7 sm:px-6 lg:px-8" aria-busy="true" data-personal="pending">
          <div className="h-32 rounded-2xl bg-zinc-50" />
        </div>
      ) : isLoggedIn && history.length > 0 ? (
        <CatalogueSection
          id="reading-history"
          title={t('top.history_title')}
          more={{ href: '/my/history', label: t('top.history_open') }}
        >
          <ol className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-label={t('top.history_title')}>
            {history.map((entry) => (
              <li key={entry.titleId} className="min-w-0">
                <HistoryCard entry={entry} />
              </li>
            ))}
          </ol>
        </CatalogueSection>
      ) : isLoggedIn ? (
        <div className="mx-auto w-full max-w-7xl px-4 pt-7 sm:px-6 lg:px-8">
          <ReadingHistoryEntry />
        </div>
      ) : null}
      {page.bonusEpisodes.length > 0 ? (
        <CatalogueSection id="bonus-episodes" title={t('top.bonus_episodes')} lead={t('top.bonus_episodes_lead')}>
          <BonusEpisodes episodes={page.bonusEpisodes.slice(0, 8)} />
        </CatalogueSection>
      ) : null}
      {page.ranking.length > 0 ? (
        <CatalogueSection
          id="top-ranking"
          title={t('top.ranking')}
          more={{ href: '/ranking', label: t('top.see_all') }}
        >
          <RankedList titles={page.ranking.slice(0, 10)} label={t('top.ranking')} />
        </CatalogueSection>
      ) : null}
      {page.todayChoice.length > 0 ? (
        <CatalogueSection id="today-choice" title={t('top.today_choice')} lead={t('top.today_choice_lead')}>
          <TitleRail titles={page.todayChoice.slice(0, 12)} label={t('top.today_choice')} />
        </CatalogueSection>
      ) : null}
      {page.todayUpdates.length > 0 ? (
        <CatalogueSection
          id="today-updates"
          title={t('top.today_updates')}
          more={{ href: '/series', label: t('top.see_schedule') }}
        >
          <TitleRail titles={page.todayUpdates.slice(0, 12)} label={t('top.today_updates')} />
        </CatalogueSection>
      ) : null}
      {page.genreRankings.length > 0 ? (
        <CatalogueSection
          id="genre-ranking"
          title={t('top.genre_ranking')}
          more={{ href: '/search', label: t('top.all_genres') }}
        >
          <GenreRankings genres={page.genreRankings} />
        </CatalogueSection>
      ) : null}
      <CatalogueSection
        id="all-titles"
        title={t('top.all_titles')}
        lead={t('top.series_count', { count: page.allTitleCount })}
        more={
          page.allTitleCount > page.allTitles.length
            ? { href: '/search', label: t('top.browse_all_titles') }
            : undefined
        }
      >
        {page.allTitles.length > 0 ? (
          <TitleGrid titles={page.allTitles} label={t('top.all_titles')} />
        ) : (
          <StatusPanel title={t('top.empty_title')} message={t('top.empty_body')} />
        )}
      </CatalogueSection>
      <div className="mx-auto w-full max-w-7xl px-4 pt-2 pb-12 sm:px-6 lg:px-8">
        <SocialFollow />
      </div>
    </>
  );
}
