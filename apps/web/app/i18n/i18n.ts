import { DEFAULT_LOCALE, FALLBACK_LOCALE, type Locale } from '@manga/contracts';
import { createInstance, type i18n as I18n } from 'i18next';
import en from './en.json' with { type: 'json' };
import ja from './ja.json' with { type: 'json' };

// Every UI string lives in en.json and ja.json (product §1: default ja, fallback en). The resources
// are bundled, so an instance is ready synchronously; one shared, read-only instance per locale.

export const SUPPORTED_LOCALES: readonly Locale[] = ['ja', 'en'];
export const resources = { en: { translation: en }, ja: { translation: ja } } as const;

const instances = new Map<Locale, I18n>();

export function i18nFor(locale: Locale | undefined): I18n {
  const lng = locale ?? DEFAULT_LOCALE;
  let instance = instances.get(lng);
  if (!instance) {
    instance = createInstance({
      lng,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...SUPPORTED_LOCALES],
      resources,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instance.init();
    instances.set(lng, instance);
  }
  return instance;
}
