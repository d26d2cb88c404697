import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COVER_WIDTH } from './title-card.tsx';
import type { TitleCardView } from './title-view.ts';

const RANK_TONES = ['bg-amber-400 text-ink', 'bg-zinc-300 text-ink', 'bg-orange-300 text-ink'];

/** Ranked titles as numbered rows: rank, small cover, name and author (1 → 3 columns). */
export function RankedList({
  titles,
  label,
  startRank = 1,
  columns = 'lg:grid-cols-2',
}: {
  titles: readonly TitleCardView[];
  label: string;
  startRank?: number;
  columns?: string;
}) {
  const { t } = useTranslation();
  return (
    <ol aria-label={label} className={`grid gap-x-8 gap-y-1 sm:grid-cols-2 ${columns}`}>
      {titles.map((title, index) => {
        const rank = startRank + index;
        return (
          <li key={title.id}>
            <Link
              to={title.href}
              data-testid="ranked-title"
              className="group flex items-center gap-3 rounded-xl p-2 transition hover:bg-zinc-50 sm:gap-4"
            >
              <span
                className={`grid size-8 shrink-0 place-items-center rounded-full text-sm font-black tabular-nums ${RANK_TONES[rank - 1] ?? 'bg-zinc-100 text-zinc-600'}`}
              >
                <span className="sr-only">{t('catalogue.rank', { rank })}</span>
                <span aria-hidden="true">{rank}</span>
              </span>
              <span className="size-16 shrink-0 overflow-hidden rounded-lg bg-zinc-100 ring-1 ring-black/5 sm:size-18">
                {title.coverUrl ? (
                  <img
                    src={title.coverUrl}
                    srcSet={`${title.coverUrl} ${COVER_WIDTH}w`}
                    sizes="72px"
                    alt=""
                    width={COVER_WIDTH}
                    height={COVER_WIDTH}
                    loading="lazy"
                    decoding="async"
                    className="size-full object-cover"
                  />
                ) : null}
              </span>
              <span className="min-w-0 flex-1">
                <span className="line-clamp-2 text-sm leading-snug font-bold text-ink group-hover:text-brand-600">
                  {title.name}
                </span>
                <span className="mt-0.5 block truncate text-xs text-zinc-500">{title.author}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
