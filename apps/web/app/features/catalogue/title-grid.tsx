import { TitleCard } from './title-card.tsx';
import type { TitleCardView } from './title-view.ts';

export function TitleGrid({ titles, label }: { titles: readonly TitleCardView[]; label: string }) {
  return (
    <ul
      aria-label={label}
      className="grid grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 sm:gap-x-5 sm:gap-y-8 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6"
    >
      {titles.map((title) => (
        <li key={title.id}>
          <TitleCard title={title} />
        </li>
      ))}
    </ul>
  );
}
