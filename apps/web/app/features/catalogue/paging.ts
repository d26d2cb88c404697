// Page numbers of catalogue lists (`?page=`, 1-based as everywhere in the UI; architecture "Page numbers").

/** The page a `?page=` query asks for: a positive integer, else 1. */
export function pageNumber(raw: string | null): number {
  if (raw === null || !/^[1-9]\d{0,4}$/.test(raw)) return 1;
  return Number(raw);
}

/** offset and limit for one page, asking one more than a page to learn whether a next page exists. */
export function pageWindow(page: number, pageSize: number): { offset: number; limit: number } {
  return { offset: (page - 1) * pageSize, limit: pageSize + 1 };
}

/** A URL's search string with `page` (or another page parameter) set, or removed for page 1. */
export function withPage(search: string, page: number, param = 'page'): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete(param);
  else params.set(param, String(page));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
