import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TitleCardView } from './title-view.ts';

/** Natural width of the square covers the API stores (ADR 006). */
export const COVER_WIDTH = 480;

/** `sizes` of a card in the top page's grid (2 → 6 columns). */
export const GRID_CARD_SIZES =
  '(min-width: 1280px) 200px, (min-width: 1024px) 19vw, (min-width: 768px) 24vw, (min-width: 640px) 31vw, 46vw';

/** Cover, name and author of one series; the whole card is one link. */
export function TitleCard({ title, sizes = GRID_CARD_SIZES }: { title: TitleCardView; sizes?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={title.href} className="group block rounded-lg" data-testid="title-card">
      <div className="relative aspect-square overflow-hidden rounded-lg bg-zinc-100 shadow-sm ring-1 ring-black/5">
        {title.coverUrl ? (
          <img
            src={title.coverUrl}
            srcSet={`${title.coverUrl} ${COVER_WIDTH}w`}
            sizes={sizes}
            alt=""
            width={COVER_WIDTH}
            height={COVER_WIDTH}
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition duration-300 ease-out group-hover:scale-[1.04]"
          />
        ) : null}
      </div>
      <h3 className="mt-2.5 line-clamp-2 text-sm leading-snug font-bold text-ink group-hover:text-brand-600">
        {title.name}
      </h3>
      <p className="mt-0.5 flex items-center gap-1.5 text-xs text-zinc-500">
        <span className="truncate">{title.author}</span>
        {title.badge ? (
          <span className="shrink-0 rounded bg-zinc-100 px-1.5 py-px text-[10px] font-bold tracking-wide text-zinc-600 uppercase ring-1 ring-zinc-200">
            {t(`top.${title.badge}`)}
          </span>
        ) : null}
      </p>
      {title.note ? <p className="mt-1 truncate text-xs font-semibold text-brand-700">{title.note}</p> : null}
    </Link>
  );
}
