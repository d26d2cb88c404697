import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Breadcrumbs } from '#app/components/ui/breadcrumbs.tsx';
import { buttonClassName } from '#app/components/ui/button.tsx';
import { HeroBackdrop, TitleFacts } from '#app/features/catalogue/featured-title.tsx';
import { ContinueButton } from './continue-button.tsx';
import { FollowButton } from './follow-button.tsx';
import type { TitleAlertActionResult } from './title-alert.ts';
import { TitleAlertSwitch } from './title-alert-switch.tsx';
import type { TitlePageData } from './title-page.ts';

const primaryButton = buttonClassName({ variant: 'primary', size: 'lg', wide: true });
const continueButton =
  'inline-flex h-11 items-center justify-center rounded-full bg-white px-6 text-sm font-bold text-ink shadow-lg shadow-black/20 transition hover:bg-zinc-200';
const secondaryButton = buttonClassName({ variant: 'overlay', size: 'lg', wide: true });

const ROLE_KEYS = new Set(['story_art', 'story', 'art', 'original', 'character_design']);

function Genres({ genres, className }: { genres: TitlePageData['genres']; className: string }) {
  const { t } = useTranslation();
  if (genres.length === 0) return null;
  return (
    <ul className={`flex-wrap gap-2 ${className}`} aria-label={t('catalogue.genres')}>
      {genres.map((genre) => (
        <li key={genre.id}>
          <Link
            to={`/search/genre/${genre.id}`}
            className="inline-flex h-8 items-center rounded-full bg-brand-500/15 px-3 text-xs font-bold ring-1 ring-brand-400/40 transition hover:bg-brand-500/30"
          >
            {genre.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The title page's head (ADR 060): on a phone the cover sits beside the name and the actions take
 * one row under them, so the chapters start within the first screen; from sm up, the large cover
 * with everything beside it.
 */
export function TitleHero({
  title,
  pending,
  alertPosted,
}: {
  title: TitlePageData;
  pending: boolean;
  /** The alert form's answer after a post without JavaScript. */
  alertPosted?: TitleAlertActionResult;
}) {
  const { t } = useTranslation();
  const authors =
    title.authors.length > 0
      ? title.authors.map((author) => ({
          name: author.name,
          role: ROLE_KEYS.has(author.role) ? t(`catalogue.role.${author.role}`) : author.role,
        }))
      : [{ name: title.authorText, role: '' }];
  const facts = [
    title.ageRating > 0 ? t('law.age_question.badge', { rating: title.ageRating }) : '',
    title.badge ? t(`top.${title.badge}`) : '',
    title.magazine,
    title.updateCycle,
  ].filter(Boolean);
  return (
    <section aria-labelledby="title-name" className="relative isolate overflow-hidden bg-ink text-white">
      <HeroBackdrop src={title.backdropUrl} shade="strong" />
      <div className="mx-auto max-w-7xl px-4 pt-3 pb-4 sm:px-6 sm:pt-7 sm:pb-12 lg:px-8">
        <Breadcrumbs crumbs={[{ label: title.name }]} tone="dark" className="mb-5 hidden sm:block" />
        <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-x-9 sm:gap-y-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
          <img
            src={title.posterUrl}
            srcSet={`${title.posterUrl} 600w`}
            sizes="(min-width: 1024px) 224px, (min-width: 640px) 176px, 88px"
            alt={t('top.cover_of', { name: title.name })}
            width={600}
            height={840}
            fetchPriority="high"
            className="aspect-[5/7] w-full rounded-lg object-cover shadow-2xl ring-1 ring-white/10 sm:row-span-2 sm:self-end sm:rounded-xl"
          />
          <div className="min-w-0 self-center sm:self-end">
            <TitleFacts facts={facts} className="mb-2 max-sm:[&>li]:px-2 max-sm:[&>li]:py-0.5 sm:mb-3" />
            <h1 id="title-name" className="text-xl leading-tight font-black tracking-tight sm:text-4xl lg:text-5xl">
              {title.name}
            </h1>
            {title.nameInJapanese ? (
              <p lang="ja" className="mt-1 text-xs text-zinc-400 sm:text-sm">
                {title.nameInJapanese}
              </p>
            ) : null}
            <ul
              className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-300 sm:mt-3 sm:text-sm"
              aria-label={t('catalogue.authors')}
            >
              {authors.map((author) => (
                <li key={`${author.name}-${author.role}`}>
                  {author.role ? <span className="text-zinc-400">{author.role} </span> : null}
                  <span className="font-semibold text-white">{author.name}</span>
                </li>
              ))}
            </ul>
            <Genres genres={title.genres} className="mt-4 hidden text-brand-100 sm:flex" />
          </div>
          <div className="col-span-2 flex flex-wrap items-start gap-2 sm:col-span-1 sm:col-start-2 sm:gap-3">
            <ContinueButton
              title={title}
              pending={pending}
              className={continueButton}
              fallback={
                title.firstEpisodeHref ? (
                  <Link to={title.firstEpisodeHref} className={primaryButton} data-testid="read-first">
                    {t('catalogue.read_first')}
                  </Link>
                ) : null
              }
            />
            <FollowButton titleId={title.id} following={pending ? undefined : title.following} />
            {title.latestReadableHref && title.latestReadableHref !== title.firstEpisodeHref ? (
              // Not on a phone: the newest chapters head the list just below.
              <Link to={title.latestReadableHref} className={`${secondaryButton} max-sm:hidden`}>
                {t('catalogue.read_latest_readable', { index: title.latestReadableIndex })}
              </Link>
            ) : null}
            {pending ? null : <TitleAlertSwitch alert={title.alert} following={title.following} posted={alertPosted} />}
          </div>
        </div>
      </div>
    </section>
  );
}

/**
 * The story and tags. On a phone two lines of it, with "More" for the rest (and the genres, which
 * the head leaves out there): a checkbox, so that it opens without JavaScript too.
 */
export function TitleIntroduction({ title }: { title: TitlePageData }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="introduction" className="mb-4 sm:mb-9">
      {/* On a phone its words are the heading's only for screen readers: the first screen is the chapters'. */}
      <h2 id="introduction" className="mb-2 text-lg font-extrabold text-ink max-sm:sr-only">
        {t('catalogue.introduction')}
      </h2>
      {/* Gone with its label from the sm breakpoint up, where the story is whole: a focusable box without a name otherwise. */}
      <input
        id="introduction-more"
        type="checkbox"
        className="peer sr-only sm:hidden"
        aria-controls="introduction-text"
        data-testid="introduction-more"
      />
      <div id="introduction-text" className="max-sm:line-clamp-2 max-sm:peer-checked:line-clamp-none">
        <p className="max-w-3xl text-sm leading-relaxed whitespace-pre-line text-zinc-700 sm:text-base">
          {title.introduction}
        </p>
      </div>
      <Genres
        genres={title.genres}
        className="mt-3 hidden text-brand-800 max-sm:peer-checked:flex [&_a]:bg-brand-50 [&_a]:ring-brand-200"
      />
      {title.tags.length > 0 ? (
        <ul className="mt-3 hidden flex-wrap gap-1.5 peer-checked:flex sm:flex" aria-label={t('catalogue.tags')}>
          {title.tags.map((tag) => (
            <li key={tag} className="rounded bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600">
              #{tag}
            </li>
          ))}
        </ul>
      ) : null}
      <label
        htmlFor="introduction-more"
        className="mt-1 inline-flex cursor-pointer items-center text-sm font-bold text-brand-700 peer-focus-visible:rounded peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500 sm:hidden [&>[data-less]]:hidden peer-checked:[&>[data-less]]:inline peer-checked:[&>[data-more]]:hidden"
      >
        <span data-more>{t('phone.title.more')}</span>
        <span data-less>{t('phone.title.less')}</span>
      </label>
    </section>
  );
}
