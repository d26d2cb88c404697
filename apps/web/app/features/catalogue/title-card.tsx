import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Status badge of a series (translation key under `top.`). */
export type TitleBadge = 'completed' | 'one_shot';

/** What a cover card shows, prepared by the loader. */
export interface TitleCardView {
  id: number;
  href: string;
  name: string;
  author: string;
  /** Square cover art (WIRE.md §3.1 `thumbnail_image_url`, 480×480). */
  coverUrl: string;
  /** Short status badge, if any. */
  badge: TitleBadge | undefined;
  /** A line under the author, e.g. the chapter that came out ("Chapter 12"). */
  note?: string;
}

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
