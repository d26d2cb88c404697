import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

const ITEMS = [
  { key: 'home', to: '/', end: true },
  { key: 'ranking', to: '/ranking', end: false },
  { key: 'series', to: '/series', end: false },
  { key: 'search', to: '/search', end: false },
] as const;

/** The catalogue's sections under the site header: top, ranking, weekly series, search. */
export function CatalogueNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('catalogue.nav.label')} className="border-t border-zinc-100 md:border-t-0">
      <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-2 sm:px-4 lg:px-6 [&::-webkit-scrollbar]:hidden">
        {ITEMS.map((item) => (
          <li key={item.key}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                `relative inline-flex h-10 items-center px-3 text-sm font-bold whitespace-nowrap transition ${
                  isActive
                    ? 'text-ink after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:rounded-full after:bg-brand-500'
                    : 'text-zinc-500 hover:text-ink'
                }`
              }
            >
              {t(`catalogue.nav.${item.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
