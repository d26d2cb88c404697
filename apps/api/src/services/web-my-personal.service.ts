// GET /web/my/personal (ours, ADR 076): a logged-in reader's /my (ADR 048) in one call: their points
// and tickets, reading history, followed and purchased titles, comments, likes received and login
// bonus calendar. Each part is made by the same service method as the wire call that gives it alone;
// a part whose call would have refused (a business error) is that refusal, which the route answers
// as the call's error envelope, so /my draws the other sections as it did with separate calls.
import { CommentHistorySort, type WebMyPersonalQuery } from '@manga/contracts';
import type { RequestAuth } from '#src/rules/auth.rules.ts';
import { requireLogin } from '#src/rules/auth.rules.ts';
import { type DomainError, isDomainError } from '#src/rules/domain.error.ts';
import type { CatalogueContext, EpisodeListContext } from '#src/services/catalogue.service.ts';
import type { CommentCaller, CommentService } from '#src/services/comment.service.ts';
import type { FavoriteService } from '#src/services/favorite.service.ts';
import type { LoginBonusService } from '#src/services/login-bonus.service.ts';
import type { PurchaseService } from '#src/services/purchase.service.ts';
import type { ReadingHistoryService } from '#src/services/reading-history.service.ts';
import type { WalletService } from '#src/services/wallet.service.ts';

export interface WebMyPersonalDeps {
  wallet: Pick<WalletService, 'getAccountPointAndChange'>;
  history: Pick<ReadingHistoryService, 'listViewedTitles'>;
  favorites: Pick<FavoriteService, 'listFavoriteTitles'>;
  purchases: Pick<PurchaseService, 'listPurchasedTitles'>;
  comments: Pick<CommentService, 'listHistory' | 'readLikeNotices'>;
  loginBonus: Pick<LoginBonusService, 'viewLoginBonus' | 'currentDayEndsAt'>;
}

/** Who asks /my, as each of its calls alone would see them. */
export interface WebMyCaller {
  auth: RequestAuth;
  catalogue: CatalogueContext;
  episodes: EpisodeListContext;
  comments: CommentCaller;
}

/** A part: the call's answer, or the business error it would have refused with alone. */
export type WebMyPart<T> = { answer: T } | { refused: DomainError };

export class WebMyPersonalService {
  constructor(private readonly deps: WebMyPersonalDeps) {}

  /**
   * 2011 (or the session's code) without a reader; otherwise every part, failed ones in place, and
   * `changes_at`: the first moment the answer changes by the clock alone (ADR 083): a lot of points or a
   * premium ticket expires, the login bonus's day turns.
   */
  async getMyPersonal(caller: WebMyCaller, query: WebMyPersonalQuery) {
    requireLogin(caller.auth);
    const { auth } = caller;
    const { wallet, history, favorites, purchases, comments, loginBonus } = this.deps;
    const [
      walletPart,
      viewed_titles,
      favorite_list,
      purchased_titles,
      comment_history,
      comment_like_notices,
      login_bonus,
    ] = await Promise.all([
      this.part(() => wallet.getAccountPointAndChange(auth)),
      this.part(() => history.listViewedTitles(auth, { limit: query.viewed_limit }, caller.episodes)),
      this.part(() => favorites.listFavoriteTitles(auth, { limit: 0, needs_title_list: 1 }, caller.catalogue)),
      this.part(() =>
        purchases.listPurchasedTitles(
          auth,
          { limit: query.purchased_limit, offset: query.purchased_offset },
          caller.catalogue,
        ),
      ),
      this.part(() =>
        comments.listHistory(caller.comments, {
          sort: CommentHistorySort.New,
          limit: query.comment_limit,
          offset: query.comment_offset,
        }),
      ),
      this.part(() => comments.readLikeNotices(caller.comments)),
      this.part(() => loginBonus.viewLoginBonus(auth)),
    ]);
    const walletChangesAt = 'answer' in walletPart ? walletPart.answer.changesAt : undefined;
    return {
      changes_at: Math.min(walletChangesAt ?? Number.POSITIVE_INFINITY, loginBonus.currentDayEndsAt()),
      account_point: 'answer' in walletPart ? { answer: walletPart.answer.answer } : walletPart,
      viewed_titles,
      favorites: favorite_list,
      purchased_titles,
      comment_history,
      comment_like_notices,
      login_bonus,
    };
  }

  /** The call's answer, or its business error (anything else fails the whole request). */
  private async part<T>(call: () => Promise<T>): Promise<WebMyPart<T>> {
    try {
      return { answer: await call() };
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return { refused: error };
    }
  }
}
