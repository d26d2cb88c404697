import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from './icon.tsx';

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * The one breadcrumb trail of the site: Home, the given crumbs, the current page, with the same
 * chevron between them everywhere. `tone` suits a light page or a dark hero.
 */
export function Breadcrumbs({
  crumbs,
  tone = 'light',
  className = '',
}: {
  crumbs: readonly Crumb[];
  tone?: 'light' | 'dark';
  className?: string;
}) {
  const { t } = useTranslation();
  const trail: Crumb[] = [{ label: t('common.home'), to: '/' }, ...crumbs];
  const dark = tone === 'dark';
  return (
    <nav aria-label={t('common.breadcrumbs')} className={className}>
      <ol className={`flex flex-wrap items-center gap-1.5 text-xs ${dark ? 'text-zinc-300' : 'text-zinc-600'}`}>
        {trail.map((crumb, index) => (
          <li key={crumb.to ?? crumb.label} className="flex min-w-0 items-center gap-1.5">
            {index > 0 ? (
              <Icon
                name="arrowRight"
                className={`size-3 shrink-0 ${dark ? 'text-zinc-500' : 'text-zinc-400'}`}
                data-testid="breadcrumb-separator"
              />
            ) : null}
            {crumb.to && index < trail.length - 1 ? (
              <Link
                to={crumb.to}
                className={dark ? 'hover:text-white hover:underline' : 'hover:text-brand-600 hover:underline'}
              >
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className={`truncate font-medium ${dark ? 'text-white' : 'text-zinc-800'}`}>
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
