import { getChapterAlertSetting, setChapterAlertMail } from '@manga/api-client';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserApi } from '#app/client/browser-api.ts';
import { useLoginState } from '#app/client/login-state.tsx';
import { useRootData } from '#app/root-data.ts';

/** /my/setting: the new-chapter alert mail switch (ADR 065); per title on each followed title. */
export function AlertSettingsSection() {
  const { t } = useTranslation();
  const root = useRootData();
  const { isLoggedIn } = useLoginState();
  const api = useMemo(() => (root ? browserApi(root) : undefined), [root]);
  const [on, setOn] = useState<boolean | undefined>(undefined);
  const [muted, setMuted] = useState(0);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const helpId = useId();
  useEffect(() => {
    if (!api || !isLoggedIn) return;
    let live = true;
    getChapterAlertSetting(api)
      .then((setting) => {
        if (!live) return;
        setOn(setting.chapter_alert_mail === 1);
        setMuted(setting.alert_off_title_list.length);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, isLoggedIn]);
  if (on === undefined) return null;
  const toggle = () => {
    if (!api) return;
    setBusy(true);
    setChapterAlertMail(api, { chapter_alert_mail: on ? 0 : 1 })
      .then((setting) => setOn(setting.chapter_alert_mail === 1))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <section
      id="chapter-alerts"
      aria-labelledby={headingId}
      className="scroll-mt-32 rounded-2xl border border-zinc-200 bg-white shadow-sm"
      data-testid="alert-settings"
    >
      <h2 id={headingId} className="border-b border-zinc-100 px-5 py-4 text-base font-bold text-ink sm:px-6">
        {t('alerts.setting_title')}
      </h2>
      <div className="flex flex-wrap items-center gap-4 px-5 py-4 sm:px-6">
        <div id={helpId} className="min-w-0 flex-1 text-sm leading-relaxed text-zinc-600">
          <p>{t('alerts.setting_help')}</p>
          {muted > 0 ? <p className="mt-1 text-xs">{t('alerts.setting_muted', { count: muted })}</p> : null}
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-describedby={helpId}
          aria-label={t('alerts.switch')}
          disabled={busy}
          onClick={toggle}
          data-testid="chapter-alert-switch"
          className={`inline-flex h-9 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-bold ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:bg-zinc-200 disabled:text-zinc-600 disabled:ring-zinc-200 ${on ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-zinc-700 ring-zinc-300 hover:bg-zinc-50'}`}
        >
          <span aria-hidden="true" className={`size-2.5 rounded-full ${on ? 'bg-white' : 'bg-zinc-400'}`} />
          {on ? t('alerts.state_on') : t('alerts.state_off')}
        </button>
      </div>
    </section>
  );
}
