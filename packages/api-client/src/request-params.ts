import { joinList } from '@manga/contracts';

/** A parameter value as callers give it; lists are comma-joined, flags become 0/1. */
export type ApiParamValue = string | number | boolean | readonly (string | number)[] | null | undefined;
export type ApiParams = Readonly<Record<string, ApiParamValue>>;

function encodeValue(value: string | number | boolean | readonly (string | number)[]): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return joinList(value);
}

/**
 * The parameters exactly as they go on the wire, sorted by key (wire §2.1 signs this set):
 * null and undefined values are left out, lists are comma-joined, booleans become 0/1.
 */
export function encodeParams(params: ApiParams): Record<string, string> {
  const encoded: Record<string, string> = {};
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value === null || value === undefined) continue;
    encoded[key] = encodeValue(value);
  }
  return encoded;
}

/**
 * `application/x-www-form-urlencoded` text of already-encoded parameters (query string or POST body).
 * Commas stay literal, as lists look on the wire (`title_id_list=10001,10002`).
 */
export function formEncode(params: Readonly<Record<string, string>>): string {
  return new URLSearchParams(Object.entries(params)).toString().replaceAll('%2C', ',');
}

/** Joins a base (absolute URL or a path prefix such as `/api`) and an API path. */
export function joinUrl(baseUrl: string, path: string, query = ''): string {
  const base = baseUrl.replace(/\/+$/, '');
  const tail = path.replace(/^\/+/, '');
  return `${base}/${tail}${query === '' ? '' : `?${query}`}`;
}
