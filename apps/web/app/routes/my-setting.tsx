import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requireAccount } from '#app/account/account-api.server.ts';
import { EMAIL_CHANGE_PATH, OPT_OUT_PATH, PASSWORD_CHANGE_PATH } from '#app/account/account-paths.ts';
import { LogoutButton } from '#app/components/logout-button.tsx';
import { PageFrame } from '#app/components/page-frame.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/my-setting';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my-setting');

/** GET /account: address and logged-in devices; a dead session logs out and asks to log in again. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { account } = await requireAccount(request, context, url);
  return {
    email: account.email,
    daysSinceCreated: account.days_since_created,
    devices: account.device_list.map((device, index) => ({
      key: `${index}-${device.user_id}`,
      name: device.device_name,
      platform: device.platform,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.my-setting.title');

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-zinc-200 bg-white shadow-sm">
      <h2 id={id} className="border-b border-zinc-100 px-5 py-4 text-base font-bold text-ink sm:px-6">
        {title}
      </h2>
      <div className="divide-y divide-zinc-100">{children}</div>
    </section>
  );
}

function Row({ label, value, action }: { label: string; value?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-4 sm:px-6">
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">{label}</p>
        {value !== undefined ? <div className="mt-1 text-sm font-medium break-all text-ink">{value}</div> : null}
      </div>
      {action}
    </div>
  );
}

function RowLink({ to, children, label }: { to: string; children: ReactNode; label?: string }) {
  return (
    <Link
      to={to}
      aria-label={label}
      className="inline-flex h-9 shrink-0 items-center rounded-full px-4 text-sm font-bold text-brand-700 ring-1 ring-brand-200 transition hover:bg-brand-50"
    >
      {children}
    </Link>
  );
}

function NavRow({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="flex items-center justify-between gap-4 px-5 py-4 text-sm font-semibold text-ink transition hover:bg-zinc-50 sm:px-6"
    >
      <span>{children}</span>
      <svg viewBox="0 0 16 16" className="size-4 shrink-0 text-zinc-400" fill="currentColor" aria-hidden="true">
        <path d="M6 3.5 10.5 8 6 12.5 5 11.5 8.5 8 5 4.5z" />
      </svg>
    </Link>
  );
}

function platformKey(platform: number): string {
  return platform === 1 ? 'ios' : platform === 2 ? 'android' : 'web';
}

/** Account information (SPEC §2 my page): e-mail, password, devices, privacy, history, logout. */
export default function MySettingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('pages.my-setting.title')}
      lead={t('pages.my-setting.lead')}
      crumbs={[{ label: t('pages.my.title'), to: '/my' }]}
    >
      <div className="grid max-w-3xl gap-5">
        <Section title={t('settings.account_heading')} id="settings-account">
          <Row
            label={t('account.fields.email')}
            value={<span data-testid="account-email">{loaderData.email}</span>}
            action={
              <RowLink to={EMAIL_CHANGE_PATH} label={t('settings.change_email')}>
                {t('settings.change')}
              </RowLink>
            }
          />
          <Row
            label={t('account.fields.password')}
            value={
              <>
                <span className="sr-only">{t('settings.password_hidden')}</span>
                <span aria-hidden="true">••••••••••</span>
              </>
            }
            action={
              <RowLink to={PASSWORD_CHANGE_PATH} label={t('settings.change_password')}>
                {t('settings.change')}
              </RowLink>
            }
          />
          <Row label={t('settings.member_for')} value={t('settings.days', { count: loaderData.daysSinceCreated })} />
        </Section>

        <Section title={t('settings.devices_heading')} id="settings-devices">
          <p className="px-5 pt-4 text-sm leading-relaxed text-zinc-600 sm:px-6">
            {t('settings.devices_lead', { count: loaderData.devices.length })}
          </p>
          <ul className="divide-y divide-zinc-100" aria-label={t('settings.devices_heading')}>
            {loaderData.devices.map((device) => (
              <li key={device.key} className="flex items-center gap-3 px-5 py-3.5 sm:px-6">
                <span
                  className="grid size-9 shrink-0 place-items-center rounded-xl bg-zinc-100 text-zinc-600"
                  aria-hidden="true"
                >
                  <svg
                    viewBox="0 0 24 24"
                    className="size-5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    aria-hidden="true"
                  >
                    {device.platform === 3 ? (
                      <path d="M4 5.5h16v10H4zM2.5 18.5h19" strokeLinejoin="round" />
                    ) : (
                      <path d="M8 3h8a1.5 1.5 0 0 1 1.5 1.5v15A1.5 1.5 0 0 1 16 21H8a1.5 1.5 0 0 1-1.5-1.5v-15A1.5 1.5 0 0 1 8 3ZM11 18h2" />
                    )}
                  </svg>
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold text-ink">
                    {device.name || t('settings.unknown_device')}
                  </span>
                  <span className="block text-xs text-zinc-500">
                    {t(`settings.platform.${platformKey(device.platform)}`)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <p className="px-5 py-4 text-xs leading-relaxed text-zinc-500 sm:px-6">{t('settings.devices_note')}</p>
        </Section>

        <Section title={t('settings.privacy_heading')} id="settings-privacy">
          <NavRow to={OPT_OUT_PATH}>{t('pages.my-setting-optout.title')}</NavRow>
        </Section>

        <Section title={t('settings.history_heading')} id="settings-history">
          <NavRow to="/my/setting/point">{t('pages.my-setting-point.title')}</NavRow>
          <NavRow to="/my/setting/ticket">{t('pages.my-setting-ticket.title')}</NavRow>
        </Section>

        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-zinc-50 px-5 py-4 ring-1 ring-zinc-200 sm:px-6">
          <p className="text-sm text-zinc-600">{t('settings.logout_lead')}</p>
          <LogoutButton />
        </div>
      </div>
    </PageFrame>
  );
}
