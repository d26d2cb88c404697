import { nameDevice } from '@manga/api-client';
import { DEVICE_NAME_MAX_LENGTH } from '@manga/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserApi } from '#app/client/browser-api.ts';
import { useLoginState } from '#app/client/login-state.tsx';
import { useRootData } from '#app/root-data.ts';
import { usePrivateReading } from './private-reading.ts';

/** /my/setting: the private-reading switch and this device's name (ADR 044). */
export function ReadingSettingsSection() {
  const { t } = useTranslation();
  const root = useRootData();
  const { isLoggedIn } = useLoginState();
  const api = useMemo(() => (root ? browserApi(root) : undefined), [root]);
  const reading = usePrivateReading(api, isLoggedIn);
  const headingId = useId();
  const helpId = useId();
  const nameId = useId();
  const [name, setName] = useState<string | undefined>(undefined);
  const [saved, setSaved] = useState(false);
  if (!reading.known) return null;
  const shownName = name ?? reading.deviceName;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-zinc-200 bg-white shadow-sm"
      data-testid="reading-settings"
    >
      <h2 id={headingId} className="border-b border-zinc-100 px-5 py-4 text-base font-bold text-ink sm:px-6">
        {t('reader_features.private.setting_title')}
      </h2>
      <div className="flex flex-wrap items-center gap-4 px-5 py-4 sm:px-6">
        <p id={helpId} className="min-w-0 flex-1 text-sm leading-relaxed text-zinc-600">
          {t('reader_features.private.setting_help')}
        </p>
        <button
          type="button"
          role="switch"
          aria-checked={reading.on}
          aria-describedby={helpId}
          aria-label={t('reader_features.private.switch')}
          onClick={() => void reading.toggle()}
          data-testid="private-reading-switch"
          className={`inline-flex h-9 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-bold ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${reading.on ? 'bg-violet-700 text-white ring-violet-700' : 'bg-white text-zinc-700 ring-zinc-300 hover:bg-zinc-50'}`}
        >
          <span aria-hidden="true" className={`size-2.5 rounded-full ${reading.on ? 'bg-white' : 'bg-zinc-400'}`} />
          {reading.on ? t('reader_features.private.state_on') : t('reader_features.private.state_off')}
        </button>
      </div>
      <form
        className="flex flex-wrap items-end gap-3 border-t border-zinc-100 px-5 py-4 sm:px-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (!api) return;
          void nameDevice(api, { device_name: shownName }).then((setting) => {
            reading.setDeviceName(setting.device_name);
            setName(undefined);
            setSaved(true);
          });
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={nameId} className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">
            {t('reader_features.device.label')}
          </label>
          <input
            id={nameId}
            value={shownName}
            maxLength={DEVICE_NAME_MAX_LENGTH}
            onChange={(event) => {
              setName(event.target.value);
              setSaved(false);
            }}
            className="mt-1 w-full rounded-lg border border-zinc-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            data-testid="device-name"
          />
          <p className="mt-1 text-xs text-zinc-600">{t('reader_features.device.help')}</p>
        </div>
        <button
          type="submit"
          className="inline-flex h-9 shrink-0 items-center rounded-full px-4 text-sm font-bold text-brand-700 ring-1 ring-brand-200 transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t('reader_features.device.save')}
        </button>
        {saved ? (
          <p role="status" className="w-full text-xs font-semibold text-emerald-700">
            {t('reader_features.device.saved')}
          </p>
        ) : null}
      </form>
    </section>
  );
}
