import { Region } from '@manga/contracts';

/**
 * The visitor's region from the viewer-country header (product §1): JP for Japan, US for any other
 * country, the configured default when the header is missing or not a country code.
 */
export function regionOfCountry(country: string | null | undefined, fallback: Region): Region {
  const code = country?.trim().toUpperCase();
  if (!code || !/^[A-Z]{2}$/.test(code)) return fallback;
  return code === 'JP' ? Region.JP : Region.US;
}
