import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SERVICE_NAME } from '#app/brand.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { OopsCard, OopsIcon } from '#app/layouts/status-screens.tsx';
import type { Route } from './+types/law-age-denied';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('law-age-denied');

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'law.denied.title');

/** Under 13 (SPEC §4): the site is not available. */
export default function LawAgeDeniedPage() {
  const { t } = useTranslation();
  return (
    <OopsCard>
      <OopsIcon tone="muted">
        <circle cx="12" cy="12" r="8.5" />
        <path d="M6 6l12 12" />
      </OopsIcon>
      <h1 className="mt-5 text-2xl font-black tracking-tight text-ink">
        {t('law.denied.heading', { name: SERVICE_NAME })}
      </h1>
      <p className="mt-3 text-sm leading-relaxed text-zinc-600">{t('law.denied.body', { name: SERVICE_NAME })}</p>
      <Link
        to="/article/help"
        className="mt-7 inline-flex h-11 items-center rounded-full px-5 text-sm font-bold text-ink ring-1 ring-zinc-300 transition hover:bg-zinc-50"
      >
        {t('law.denied.help')}
      </Link>
    </OopsCard>
  );
}
