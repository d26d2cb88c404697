import { listPurchasedTitles } from '@manga/api-client';
import { type RouterContextProvider, redirect } from 'react-router';
import { toPublicImageUrl } from '#app/api.server.ts';
import { pageNumber, withPage } from '#app/features/catalogue/paging.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import { listPageCountOf, PURCHASED_PAGE_SIZE, type PurchasedPageData, toPurchasedTitles } from './purchased-page.ts';
import { failWalletLoad } from './wallet-load.server.ts';

type Context = Readonly<RouterContextProvider>;

/** GET /web/title/purchased for `?page=`; a page past the last goes to the last. */
export async function loadPurchasedPage(request: Request, context: Context, url: URL): Promise<PurchasedPageData> {
  const page = pageNumber(url.searchParams.get('page'));
  try {
    const answer = await listPurchasedTitles(apiFor(request, context), {
      limit: PURCHASED_PAGE_SIZE,
      offset: (page - 1) * PURCHASED_PAGE_SIZE,
    });
    const listPageCount = listPageCountOf(answer.title_count, PURCHASED_PAGE_SIZE);
    if (page > listPageCount) throw redirect(`${url.pathname}${withPage(url.search, listPageCount)}`);
    return { titles: toPurchasedTitles(answer, toPublicImageUrl), count: answer.title_count, page, listPageCount };
  } catch (error) {
    failWalletLoad(error, context, url);
  }
}
