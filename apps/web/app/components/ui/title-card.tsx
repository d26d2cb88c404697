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
}

/** Cover, name and author of one series; the whole card is one link. */
export function TitleCard({ title }: { title: TitleCardView }) {
  const { t } = useTranslation();
  return (
    <Link to={title.href} className="group block rounded-lg" data-testid="title-card">
      <div className="relative aspect-square overflow-hidden rounded-lg bg-zinc-100 shadow-sm ring-1 ring-black/5">
        {title.coverUrl ? (
          <img
            src={title.coverUrl}
            alt=""
            width={480}
            height={480}
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
    </Link>
  );
}
