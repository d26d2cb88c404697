import { DEFAULT_LOCALE, type Locale } from '@manga/contracts';
import { SERVICE_NAME } from '#app/brand.ts';
import type { RootData } from '#app/root-data.ts';
import { i18nFor } from './i18n.ts';

interface MetaMatch {
  id: string;
  loaderData?: unknown;
}

/** The locale of the page being rendered, from the root loader's data in `meta` matches. */
export function localeOfMatches(matches: readonly (MetaMatch | undefined)[]): Locale {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  return root?.locale ?? DEFAULT_LOCALE;
}

/** `<title>` of a page: its translated title and the service name (product §1: every page noindex, set in root). */
export function pageMeta(
  matches: readonly (MetaMatch | undefined)[],
  key: string,
  values: Record<string, unknown> = {},
): { title: string }[] {
  const t = i18nFor(localeOfMatches(matches)).t;
  return [{ title: `${t(key, { name: SERVICE_NAME, ...values })} | ${SERVICE_NAME}` }];
}
