import { Platform, parseDeviceName } from '@manga/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import { FormError } from '#app/components/ui/form-error.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { ReadingSettingsSection } from '#app/features/bookmarks/reading-settings-section.tsx';
import { useFormFeedback } from './account-form.tsx';
import { noFormChecks, REVOKE_OTHER_SESSIONS_INTENT, REVOKE_SESSION_INTENT } from './account-forms.ts';
import { EMAIL_CHANGE_PATH, OPT_OUT_PATH, PASSWORD_CHANGE_PATH } from './account-paths.ts';
import { AlertSettingsSection } from './alert-settings-section.tsx';
import { LogoutButton } from './logout-button.tsx';
import { NicknameSection } from './nickname-section.tsx';
import type { AccountSettingsData, DeviceFormResult } from './settings.ts';

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
      <Icon name="arrowRight" className="size-4 shrink-0 text-zinc-400" />
    </Link>
  );
}

/** `settings.platform.<key>` of a device's platform (wire §1.2); any other value reads as a browser. */
const PLATFORM_KEYS: Readonly<Record<Platform, string>> = {
  [Platform.Ios]: 'ios',
  [Platform.Android]: 'android',
  [Platform.Web]: 'web',
};

function platformKey(platform: number): string {
  return PLATFORM_KEYS[platform as Platform] ?? PLATFORM_KEYS[Platform.Web];
}

/** Account information (product §2 my page): e-mail, password, devices, privacy, history, logout. */
/** A device list name in the reader's language ("macOS の Chrome"); names the API did not make stay as they are. */
export function useDeviceLabel(): (name: string) => string {
  const { t } = useTranslation();
  return (name) => {
    const parts = parseDeviceName(name);
    if (!parts) return name;
    if (parts.app) return t(parts.app === 'Android app' ? 'settings.device_app_android' : 'settings.device_app_ios');
    if (parts.browser && parts.system) return t('settings.device_on', { browser: parts.browser, system: parts.system });
    return parts.browser ?? parts.system ?? t('settings.unknown_device');
  };
}

export function SettingsScreen({
  settings,
  result,
}: {
  settings: AccountSettingsData;
  result: DeviceFormResult | undefined;
}) {
  const { t } = useTranslation();
  const deviceLabel = useDeviceLabel();
  const busy = useNavigation().state !== 'idle';
  const feedback = useFormFeedback(result, noFormChecks);
  const revoked = result?.status === 'done' ? result.revoked : undefined;
  const hasOtherSessions = settings.devices.some((device) => device.sessionId > 0 && !device.isCurrent);
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
            value={<span data-testid="account-email">{settings.email}</span>}
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
          <Row label={t('settings.member_for')} value={t('settings.days', { count: settings.daysSinceCreated })} />
        </Section>

        <NicknameSection />

        <ReadingSettingsSection />

        <AlertSettingsSection />

        <Section title={t('settings.devices_heading')} id="settings-devices">
          <p className="px-5 pt-4 text-sm leading-relaxed text-zinc-600 sm:px-6">
            {t('settings.devices_lead', { count: settings.devices.length })}
          </p>
          <ul className="divide-y divide-zinc-100" aria-label={t('settings.devices_heading')}>
            {settings.devices.map((device) => (
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
                    {device.platform === Platform.Web ? (
                      <path d="M4 5.5h16v10H4zM2.5 18.5h19" strokeLinejoin="round" />
                    ) : (
                      <path d="M8 3h8a1.5 1.5 0 0 1 1.5 1.5v15A1.5 1.5 0 0 1 16 21H8a1.5 1.5 0 0 1-1.5-1.5v-15A1.5 1.5 0 0 1 8 3ZM11 18h2" />
                    )}
                  </svg>
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="min-w-0 text-sm font-semibold break-words text-ink">
                      {deviceLabel(device.name)}
                    </span>
                    {device.isCurrent ? (
                      <span
                        className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-bold text-brand-700 ring-1 ring-brand-200"
                        data-testid="this-device"
                      >
                        {t('settings.this_device')}
                      </span>
                    ) : null}
                  </span>
                  <span className="block text-xs text-zinc-500">
                    {t(`settings.platform.${platformKey(device.platform)}`)}
                  </span>
                </span>
                {device.sessionId > 0 ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value={REVOKE_SESSION_INTENT} />
                    <input type="hidden" name="session_id" value={device.sessionId} />
                    <Button
                      variant="danger-secondary"
                      size="sm"
                      className="shrink-0"
                      type="submit"
                      disabled={busy}
                      data-testid="device-logout"
                      aria-label={t(
                        device.isCurrent ? 'settings.device_logout_current_label' : 'settings.device_logout_label',
                        { name: deviceLabel(device.name) },
                      )}
                    >
                      {t('settings.device_logout')}
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
          <div className="px-5 empty:hidden sm:px-6">
            <FormError code={feedback.code} retryAfterSeconds={feedback.retryAfterSeconds} />
          </div>
          {revoked || hasOtherSessions ? (
            <div className="flex flex-wrap items-center justify-between gap-3 px-5 py-4 sm:px-6">
              {revoked ? (
                <p role="status" className="text-sm font-semibold text-emerald-700" data-testid="devices-logged-out">
                  {t(revoked === 'others' ? 'settings.others_logged_out' : 'settings.device_logged_out')}
                </p>
              ) : null}
              {hasOtherSessions ? (
                <Form method="post">
                  <input type="hidden" name="intent" value={REVOKE_OTHER_SESSIONS_INTENT} />
                  <Button
                    type="submit"
                    variant="danger-secondary"
                    size="sm"
                    className="shrink-0"
                    disabled={busy}
                    data-testid="logout-others"
                  >
                    {t('settings.logout_others')}
                  </Button>
                </Form>
              ) : null}
            </div>
          ) : null}
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
