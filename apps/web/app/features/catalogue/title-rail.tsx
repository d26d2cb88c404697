import { TitleCard } from './title-card.tsx';
import type { TitleCardView } from './title-view.ts';

const RAIL_CARD_SIZES = '(min-width: 1024px) 176px, (min-width: 640px) 160px, 136px';

/** One row of cards that scrolls sideways on small screens and wraps into a grid on wide ones. */
export function TitleRail({ titles, label }: { titles: readonly TitleCardView[]; label: string }) {
  return (
    <ul
      aria-label={label}
      className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:-mx-6 sm:scroll-px-6 sm:gap-5 sm:px-6 lg:mx-0 lg:grid lg:grid-cols-6 lg:overflow-visible lg:px-0 lg:pb-0 [&::-webkit-scrollbar]:hidden"
    >
      {titles.map((title) => (
        <li key={title.id} className="w-34 shrink-0 snap-start sm:w-40 lg:w-auto">
          <TitleCard title={title} sizes={RAIL_CARD_SIZES} />
        </li>
      ))}
    </ul>
  );
}
