import { titleHref } from './title-view.ts';

// Where a locked episode is bought or rented: a confirmation on its title page, opened by a query
// parameter so that it works without JavaScript, survives logging in (the login dialog comes back to
// the same URL) and is reached from the title page's rows and the viewer's locked screen alike.

export const PurchaseParam = { Buy: 'buy', Rent: 'rent', Bulk: 'bulk', From: 'from', To: 'to' } as const;

export type PurchaseDialogRequest =
  | { kind: 'buy' | 'rent'; episodeId: number }
  /** The catch-up, from and to chapter numbers when the reader chose a range. */
  | { kind: 'bulk'; from: number | undefined; to: number | undefined };

/** A chapter number of the catch-up's range, or undefined (absent or malformed: the whole catch-up). */
function chapterParam(raw: string | null): number | undefined {
  return raw !== null && /^[0-9]{1,6}$/.test(raw) ? Number(raw) : undefined;
}

/** The title page with the confirmation to buy or rent one episode. */
export function purchaseDialogHref(titleId: number, kind: 'buy' | 'rent', episodeId: number): string {
  return `${titleHref(titleId)}?${kind === 'buy' ? PurchaseParam.Buy : PurchaseParam.Rent}=${episodeId}`;
}

/** The title page with the confirmation to buy every unread paid episode at once. */
export function bulkDialogHref(titleId: number): string {
  return `${titleHref(titleId)}?${PurchaseParam.Bulk}=1`;
}

/** The confirmation a title page URL asks for: only for an episode of this title, one at a time. */
export function purchaseDialogOf(
  params: URLSearchParams,
  episodeIds: readonly number[],
): PurchaseDialogRequest | undefined {
  for (const kind of ['buy', 'rent'] as const) {
    const raw = params.get(kind === 'buy' ? PurchaseParam.Buy : PurchaseParam.Rent);
    if (raw === null) continue;
    if (!/^[1-9][0-9]{0,9}$/.test(raw)) return undefined;
    const episodeId = Number(raw);
    return episodeIds.includes(episodeId) ? { kind, episodeId } : undefined;
  }
  return params.get(PurchaseParam.Bulk) === '1'
    ? {
        kind: 'bulk',
        from: chapterParam(params.get(PurchaseParam.From)),
        to: chapterParam(params.get(PurchaseParam.To)),
      }
    : undefined;
}

/** The URL without any confirmation parameter (what "Cancel" goes back to). */
export function withoutPurchaseDialog(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of Object.values(PurchaseParam)) params.delete(name);
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

/** The shop (ADR 019), coming back to `path` after buying points. */
export function shopPathBackTo(path: string): string {
  return `/my/shop?return=${encodeURIComponent(path)}`;
}
