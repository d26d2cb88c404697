import { Link } from 'react-router';
import { Icon } from '#app/components/ui/icon.tsx';
import type { CategoryView, GenreView } from './search-view.ts';

/** Colours the genre tiles cycle through when a genre has no artwork. */
const TILE_TONES = [
  'from-rose-500 to-orange-400',
  'from-indigo-600 to-violet-500',
  'from-amber-500 to-yellow-400',
  'from-sky-600 to-cyan-400',
  'from-emerald-600 to-lime-500',
  'from-fuchsia-600 to-pink-500',
  'from-zinc-800 to-zinc-600',
  'from-red-600 to-rose-500',
  'from-teal-600 to-emerald-400',
];

/** Genres as tiles that lead to /search/genre/{genreId}. */
export function GenreTiles({ genres, label }: { genres: readonly GenreView[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
      {genres.map((genre, index) => (
        <li key={genre.id}>
          <Link
            to={`/search/genre/${genre.id}`}
            data-testid="genre-tile"
            className={`group relative flex h-20 items-end overflow-hidden rounded-xl bg-linear-to-br p-3 text-white shadow-sm sm:h-24 ${TILE_TONES[index % TILE_TONES.length]}`}
          >
            {genre.imageUrl ? (
              <img
                src={genre.imageUrl}
                alt=""
                width={320}
                height={160}
                loading="lazy"
                className="absolute inset-0 size-full object-cover opacity-60"
              />
            ) : null}
            <span className="relative text-sm leading-tight font-extrabold drop-shadow sm:text-base">{genre.name}</span>
            <Icon
              name="arrowRight"
              className="absolute top-3 right-3 size-4 opacity-70 transition group-hover:translate-x-0.5"
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Magazine categories as chips that lead to /search/category/{categoryId}. */
export function CategoryChips({ categories, label }: { categories: readonly CategoryView[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {categories.map((category) => (
        <li key={category.id}>
          <Link
            to={`/search/category/${category.id}`}
            className="inline-flex h-10 items-center rounded-full bg-white px-4 text-sm font-bold text-ink ring-1 ring-zinc-200 transition hover:bg-zinc-50 hover:ring-zinc-300"
          >
            {category.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
