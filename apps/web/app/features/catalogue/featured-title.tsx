import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FeaturedTitleView } from './title-view.ts';

/**
 * A hero's background: the title's wide art blurred, under a shade that keeps the text readable
 * (light on the top page's hero, stronger on the title page).
 */
export function HeroBackdrop({ src, shade }: { src: string; shade: 'light' | 'strong' }) {
  return (
    <>
      {src ? (
        <img
          src={src}
          alt=""
          width={1280}
          height={480}
          className={`absolute inset-0 -z-10 size-full scale-125 object-cover ${shade === 'light' ? 'opacity-60' : 'opacity-50'} blur-3xl saturate-150`}
        />
      ) : null}
      <div
        className={`absolute inset-0 -z-10 bg-linear-to-r from-ink via-ink/85 ${shade === 'light' ? 'to-ink/30' : 'to-ink/40'}`}
      />
    </>
  );
}

/** Short facts about a series as chips: its status, magazine, update cycle, chapter count. */
export function TitleFacts({ facts, className }: { facts: readonly string[]; className: string }) {
  const { t } = useTranslation();
  if (facts.length === 0) return null;
  return (
    <ul className={`${className} flex flex-wrap gap-1.5`} aria-label={t('top.about_series')}>
      {facts.map((fact) => (
        <li
          key={fact}
          className="rounded-full bg-white/10 px-2.5 py-1 text-xs font-semibold text-zinc-200 ring-1 ring-white/15"
        >
          {fact}
        </li>
      ))}
    </ul>
  );
}

/** The top page's hero: one series with its cover over a blurred copy of itself. */
export function FeaturedTitle({ title }: { title: FeaturedTitleView }) {
  const { t } = useTranslation();
  const facts = [
    title.badge ? t(`top.${title.badge}`) : '',
    title.updateCycle,
    title.chapterCount > 0 ? t('top.chapters', { count: title.chapterCount }) : '',
  ].filter(Boolean);
  return (
    <section aria-labelledby="featured-title" className="relative isolate overflow-hidden bg-ink text-white">
      <HeroBackdrop src={title.backdropUrl} shade="light" />
      <div className="mx-auto flex max-w-7xl items-center gap-5 px-4 py-8 sm:gap-10 sm:px-6 sm:py-14 lg:px-8">
        {title.posterUrl ? (
          <img
            src={title.posterUrl}
            alt={t('top.cover_of', { name: title.name })}
            width={600}
            height={840}
            fetchPriority="high"
            className="aspect-[5/7] w-28 shrink-0 rounded-lg object-cover shadow-2xl ring-1 ring-white/10 sm:w-44 lg:w-52"
          />
        ) : null}
        <div className="min-w-0">
          <p className="text-xs font-bold tracking-[0.18em] text-brand-400 uppercase">{t('top.featured')}</p>
          <h2
            id="featured-title"
            className="mt-2 text-2xl leading-tight font-black tracking-tight sm:text-4xl lg:text-5xl"
          >
            {title.name}
          </h2>
          <p className="mt-2 text-sm text-zinc-300 sm:text-base">{title.author}</p>
          <TitleFacts facts={facts} className="mt-3" />
          {title.introduction ? (
            <p className="mt-4 line-clamp-2 hidden max-w-2xl text-sm leading-relaxed text-zinc-300 sm:block sm:text-base">
              {title.introduction}
            </p>
          ) : null}
          <Link
            to={title.href}
            className="mt-5 inline-flex h-10 items-center rounded-full bg-brand-500 px-5 text-sm font-bold text-white shadow-lg shadow-brand-500/25 transition hover:bg-brand-600 sm:mt-6 sm:h-11 sm:px-6"
          >
            {t('top.start_reading')}
          </Link>
        </div>
      </div>
    </section>
  );
}
