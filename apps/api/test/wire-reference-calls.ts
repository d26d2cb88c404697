// Every call the wire reference (wire §3, beside docs/reference/product.md outside this repository) names, by method
// and path, with the section that names it. `src/wire-reference.test.ts` checks that our API serves
// each one (apps/api/openapi.json, itself checked against the routes). The repository keeps this copy
// so that its tests never read ../shared; when docs/reference/wire.md gains or changes a call, change this list in
// the same commit (ADR 034).

export interface WireReferenceCall {
  method: 'GET' | 'POST';
  path: string;
  /** Where docs/reference/wire.md names it. */
  wire: string;
  /** Set when docs/reference/wire.md names the path but not the method: the method is ours (wire §1.6, §3.6). */
  methodOurs?: true;
}

export const WIRE_REFERENCE_CALLS: readonly WireReferenceCall[] = [
  // §3.2 Catalogue
  { method: 'GET', path: '/title/list', wire: '§3.2' },
  { method: 'GET', path: '/web/title/detail', wire: '§3.2' },
  { method: 'GET', path: '/title/weekly', wire: '§3.2' },
  { method: 'GET', path: '/web/top/updated/title', wire: '§3.2' },
  { method: 'GET', path: '/search/title', wire: '§3.2' },
  { method: 'GET', path: '/web/search/title', wire: '§3.2' },
  { method: 'GET', path: '/genre/search/list', wire: '§3.2' },
  { method: 'GET', path: '/genre/list', wire: '§3.2' },
  { method: 'GET', path: '/magazine/category/list', wire: '§3.2' },
  { method: 'GET', path: '/ranking/all', wire: '§3.2' },
  { method: 'GET', path: '/web/ranking/genre', wire: '§3.2' },
  { method: 'GET', path: '/web/top', wire: '§3.2' },
  { method: 'GET', path: '/title/supplement', wire: '§3.2' },
  { method: 'GET', path: '/app/boot', wire: '§3.2' },
  // §3.3 Episodes and the viewer (`/episode/list` arrives both ways, §1.6)
  { method: 'POST', path: '/episode/list', wire: '§3.3' },
  { method: 'GET', path: '/episode/list', wire: '§3.3, §1.6' },
  { method: 'GET', path: '/web/episode', wire: '§3.3' },
  { method: 'GET', path: '/web/episode/viewer', wire: '§3.3' },
  { method: 'GET', path: '/episode/viewer', wire: '§3.3' },
  { method: 'GET', path: '/episode/viewer/finish', wire: '§3.3' },
  { method: 'GET', path: '/episode/viewer/lastpage', wire: '§3.3' },
  // §3.4 Points, tickets, purchases
  { method: 'GET', path: '/account/point', wire: '§3.4' },
  { method: 'GET', path: '/title/ticket/list', wire: '§3.4' },
  { method: 'POST', path: '/episode/paid', wire: '§3.4' },
  { method: 'POST', path: '/episode/paid/bulk', wire: '§3.4' },
  { method: 'POST', path: '/episode/rental/ticket', wire: '§3.4' },
  // §3.5 Account, login, user
  { method: 'POST', path: '/web/user/login', wire: '§3.5' },
  { method: 'POST', path: '/web/user/logout', wire: '§3.5' },
  { method: 'GET', path: '/account', wire: '§3.5' },
  { method: 'GET', path: '/user', wire: '§3.5' },
  { method: 'POST', path: '/user/register', wire: '§3.5' },
  { method: 'GET', path: '/web/title/purchased', wire: '§3.5' },
  { method: 'GET', path: '/favorite/list', wire: '§3.5' },
  { method: 'GET', path: '/loginbonus', wire: '§3.5' },
  { method: 'GET', path: '/shop/point/subscription', wire: '§3.5' },
  // §3.6 Law / consent, comments, shop, STP (paths named in prose; shapes ours)
  { method: 'GET', path: '/web/law', wire: '§3.6' },
  { method: 'POST', path: '/web/law', wire: '§3.6' },
  { method: 'GET', path: '/episode/comment/list', wire: '§3.6', methodOurs: true },
  { method: 'POST', path: '/episode/comment/post', wire: '§3.6', methodOurs: true },
  { method: 'GET', path: '/web/shop', wire: '§3.6', methodOurs: true },
  { method: 'POST', path: '/web/stp/outright', wire: '§3.6', methodOurs: true },
  { method: 'POST', path: '/web/stp/subscription', wire: '§3.6', methodOurs: true },
  { method: 'POST', path: '/web/stp/subscription/cancel', wire: '§3.6', methodOurs: true },
  { method: 'GET', path: '/web/point/history/list', wire: '§3.6, §8', methodOurs: true },
];
