import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '#app/components/ui/icon.tsx';
import { formatReleaseTime, remainingUntil, tickInterval } from '#app/features/catalogue/countdown.ts';
import type { EpisodeAccess } from '#app/features/catalogue/episode-access.ts';
import { useDateFormat } from '#app/i18n/date-format.ts';
import { useRootData } from '#app/root-data.ts';
import type { LastPageInfo } from './next-chapter.ts';
import type { ReadyViewerData } from './viewer.ts';

/** The next release as a live countdown (whole units; every second in the last hour). */
function Countdown({ releaseAt }: { releaseAt: Date }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const remaining = remainingUntil(releaseAt.getTime(), now);
  const interval = tickInterval(remaining);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), interval);
    return () => clearInterval(timer);
  }, [interval]);
  if (!remaining) return <p className="text-lg font-black text-emerald-300">{t('episode.viewer.end.out_now')}</p>;
  const parts = [
    ['days', remaining.days],
    ['hours', remaining.hours],
    ['minutes', remaining.minutes],
    ...(remaining.days === 0 && remaining.hours === 0 ? [['seconds', remaining.seconds] as const] : []),
  ] as const;
  return (
    <p
      role="timer"
      aria-label={t('episode.viewer.end.countdown_label', {
        left: parts.map(([unit, count]) => t(`episode.viewer.end.unit_long.${unit}`, { count })).join(' '),
      })}
      className="flex items-end justify-center gap-3"
      data-testid="next-countdown"
    >
      {parts.map(([unit, count]) => (
        <span key={unit} className="flex min-w-12 flex-col items-center" aria-hidden="true">
          <span className="text-3xl leading-none font-black tabular-nums">{String(count).padStart(2, '0')}</span>
          <span className="mt-1 text-[11px] font-semibold tracking-wide text-zinc-400 uppercase">
            {t(`episode.viewer.end.unit.${unit}`)}
          </span>
        </span>
      ))}
    </p>
  );
}

function AccessLine({ access }: { access: EpisodeAccess }) {
  const { t } = useTranslation();
  switch (access.kind) {
    case 'free':
      return <span className="font-bold text-emerald-300">{t('catalogue.badge.free')}</span>;
    case 'purchased':
      return <span className="font-bold text-zinc-300">{t('catalogue.badge.purchased')}</span>;
    case 'rented':
      return <span className="font-bold text-emerald-300">{t('catalogue.badge.rented_plain')}</span>;
    case 'paid':
      return (
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-black text-amber-300">{t('catalogue.badge.points', { count: access.point })}</span>
          {access.ticket ? (
            <span className="rounded-full bg-emerald-400/15 px-2 py-0.5 text-xs font-bold text-emerald-300">
              {t('episode.viewer.end.ticket_ok')}
            </span>
          ) : null}
        </span>
      );
  }
}

export interface LastPageProps {
  viewer: ReadyViewerData;
  info: LastPageInfo | undefined;
  /** More for the end of the chapter (the comments), placed after the reader's own blocks. */
  extras?: ReactNode;
  /** Turns back to the last page (paged mode). */
  onBack?: () => void;
}

/**
 * The end of a chapter (product §2): the next chapter with its price or ticket, or when the next one
 * comes out as a countdown in the reader's time zone, titles like this one, and the ways out.
 */
export function LastPage({ viewer, info, extras, onBack }: LastPageProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const locale = root?.locale ?? 'ja';
  const { timeZone } = useDateFormat();
  const next = viewer.next;
  // The embedded viewer keeps readers in the chapter's series: no ways out of the frame.
  const embedded = viewer.mode === 'embed';
  return (
    <section
      aria-labelledby="last-page-heading"
      data-testid="last-page"
      className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 text-white sm:py-14"
    >
      <header className="text-center">
        <p className="text-xs font-bold tracking-[0.2em] text-brand-400 uppercase">{t('episode.viewer.end.kicker')}</p>
        <h2 id="last-page-heading" className="mt-2 text-2xl font-black tracking-tight sm:text-3xl">
          {viewer.episodeName}
        </h2>
        <p className="mt-1 text-sm text-zinc-400">{viewer.titleName}</p>
      </header>

      {next ? (
        <Link
          to={next.href}
          rel="next"
          data-testid="next-chapter"
          className="group flex items-center gap-4 rounded-2xl bg-white/[0.06] p-3 ring-1 ring-white/10 transition hover:bg-white/10 sm:p-4"
        >
          {info?.next?.thumbnailUrl ? (
            <img
              src={info.next.thumbnailUrl}
              alt=""
              width={160}
              height={160}
              className="size-20 shrink-0 rounded-xl object-cover sm:size-24"
            />
          ) : (
            <span className="grid size-20 shrink-0 place-items-center rounded-xl bg-white/10 sm:size-24">
              <Icon name="chapterNext" className="size-8 text-zinc-400" />
            </span>
          )}
          <span className="min-w-0 flex-1">
            <span className="block text-xs font-bold tracking-wide text-zinc-400 uppercase">
              {t('episode.viewer.end.next_chapter')}
            </span>
            <span className="mt-1 line-clamp-2 text-base leading-snug font-bold sm:line-clamp-1">
              {info?.next?.name ?? ''}
            </span>
            <span className="mt-1 block text-sm">
              {info?.next ? (
                <AccessLine access={info.next.access} />
              ) : next.access === 'paid' ? (
                <span className="font-black text-amber-300">{t('catalogue.badge.points', { count: next.point })}</span>
              ) : null}
            </span>
          </span>
          <span
            className="inline-flex h-10 shrink-0 items-center rounded-full bg-brand-500 px-4 text-sm font-bold text-white transition group-hover:bg-brand-600 sm:h-11 sm:px-5"
            data-testid="next-chapter-action"
          >
            {next.access === 'paid' ? t('episode.viewer.end.unlock_next') : t('episode.viewer.end.read_next')}
          </span>
        </Link>
      ) : (
        <div className="rounded-2xl bg-white/[0.06] p-5 text-center ring-1 ring-white/10" data-testid="next-update">
          {info?.upcoming ? (
            <>
              <p className="flex items-center justify-center gap-2 text-sm font-bold text-zinc-300">
                <Icon name="clock" className="size-4" />
                {t('episode.viewer.end.next_on', { name: info.upcoming.name })}
              </p>
              <p className="mt-1 text-sm text-zinc-400">
                <time dateTime={info.upcoming.releaseAt.toISOString()}>
                  {formatReleaseTime(info.upcoming.releaseAt, locale, timeZone)}
                </time>
              </p>
              <div className="mt-4">
                <Countdown releaseAt={info.upcoming.releaseAt} />
              </div>
            </>
          ) : (
            <p className="text-sm font-semibold text-zinc-300">
              {info ? t('episode.viewer.end.latest') : t('episode.viewer.end.loading')}
            </p>
          )}
        </div>
      )}

      {info && info.recommended.length > 0 && !embedded ? (
        <section aria-labelledby="last-page-recommended">
          <h3 id="last-page-recommended" className="mb-3 text-base font-extrabold">
            {t('episode.viewer.end.recommended')}
          </h3>
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
            {info.recommended.map((title) => (
              <li key={title.id}>
                <Link to={title.href} className="group block rounded-lg" data-testid="last-page-title">
                  <img
                    src={title.coverUrl}
                    alt=""
                    width={480}
                    height={480}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square w-full rounded-lg object-cover ring-1 ring-white/10"
                  />
                  <span className="mt-1.5 line-clamp-2 text-xs leading-snug font-bold text-zinc-200 group-hover:text-white">
                    {title.name}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {embedded ? null : (
        <nav aria-label={t('episode.viewer.end.ways_out')} className="grid gap-2 sm:grid-cols-2">
          <Link
            to={viewer.titleHref}
            className="inline-flex h-11 items-center justify-center rounded-full bg-white text-sm font-bold text-ink transition hover:bg-zinc-200"
          >
            {t('episode.viewer.back_to_title')}
          </Link>
          <Link
            to="/"
            className="inline-flex h-11 items-center justify-center gap-2 rounded-full text-sm font-bold text-white ring-1 ring-white/20 transition hover:bg-white/10"
          >
            <Icon name="home" className="size-4" />
            {t('episode.viewer.last_page.go_home')}
          </Link>
        </nav>
      )}
      {onBack ? (
        <button
          type="button"
          onClick={onBack}
          className="mx-auto inline-flex h-10 items-center rounded-full px-4 text-sm font-semibold text-zinc-400 transition hover:bg-white/10 hover:text-white"
        >
          {t('episode.viewer.end.back_to_pages')}
        </button>
      ) : null}
      {extras}
    </section>
  );
}
