import { DEFAULT_LOCALE, type Locale } from '@manga/contracts';
import { createContext, useContext } from 'react';

/**
 * The visitor's locale for screens rendered without the root loader's data (a 404 from parameter
 * validation stops the request before any loader runs): the server entry provides the locale the
 * root middleware chose, the browser entry the `<html lang>` the server rendered.
 */
export const DocumentLocaleContext = createContext<Locale>(DEFAULT_LOCALE);

export function useDocumentLocale(): Locale {
  return useContext(DocumentLocaleContext);
}

export function asLocale(value: string | null | undefined): Locale {
  return value === 'en' || value === 'ja' ? value : DEFAULT_LOCALE;
}
