import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { OopsCard, OopsIcon } from '#app/layouts/status-screens.tsx';
import type { Route } from './+types/maintenance';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('maintenance');

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'maintenance.title');

/** Where the maintenance code (1098) sends every page (SPEC §4). */
export default function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <OopsCard>
      <OopsIcon tone="warn">
        <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3.5 17.5l3 3 5.8-5.8a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.5-.5-.5-2.5z" />
      </OopsIcon>
      <h1 className="mt-5 text-2xl font-black tracking-tight text-ink" data-testid="maintenance-heading">
        {t('maintenance.heading')}
      </h1>
      <p className="mt-3 text-sm leading-relaxed text-zinc-600">{t('maintenance.body')}</p>
      <Link
        to="/"
        reloadDocument
        className="mt-7 inline-flex h-11 items-center rounded-full bg-ink px-5 text-sm font-bold text-white transition hover:bg-zinc-800"
      >
        {t('maintenance.retry')}
      </Link>
    </OopsCard>
  );
}
