// GET /web/my/personal (ours, ADR 076): a logged-in reader's /my (ADR 048) in one call. Each part is
// what the wire call named beside it answers for the same reader, its own error envelope included: a
// part that fails fails alone, as that call alone would, and /my draws the others.
import { z } from 'zod';
import { CommentHistoryResponseSchema, CommentLikeNoticeResponseSchema } from './comment.schemas.ts';
import { ErrorEnvelopeSchema, successEnvelopeShape } from './envelope.schemas.ts';
import { FavoriteListResponseSchema } from './favorite.schemas.ts';
import { LoginBonusResponseSchema } from './loginbonus.schemas.ts';
import { IntParamSchema } from './params.schemas.ts';
import { AccountPointResponseSchema } from './point.schemas.ts';
import { PurchasedTitleResponseSchema } from './purchase.schemas.ts';
import { TitleViewedListResponseSchema } from './viewed.schemas.ts';

/** The paging of the parts that page, as each call alone takes it. */
export const WebMyPersonalQuerySchema = z.object({
  /** GET /title/viewed/list's `limit`. */
  viewed_limit: IntParamSchema.optional(),
  /** GET /web/title/purchased's `limit` and `offset`. */
  purchased_limit: IntParamSchema.optional(),
  purchased_offset: IntParamSchema.optional(),
  /** GET /episode/comment/history's `limit` and `offset` (newest first). */
  comment_limit: IntParamSchema.optional(),
  comment_offset: IntParamSchema.optional(),
});
export type WebMyPersonalQuery = z.infer<typeof WebMyPersonalQuerySchema>;

/** A part: the call's answer, or the error envelope it would have answered alone. */
const part = <T extends z.ZodType>(answer: T) => z.union([answer, ErrorEnvelopeSchema]);

export const WebMyPersonalResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  /** GET /account/point. */
  account_point: part(AccountPointResponseSchema),
  /** GET /title/viewed/list?limit=viewed_limit. */
  viewed_titles: part(TitleViewedListResponseSchema),
  /** GET /favorite/list?limit=0&needs_title_list=1 (every followed title, with the titles). */
  favorites: part(FavoriteListResponseSchema),
  /** GET /web/title/purchased?limit=purchased_limit&offset=purchased_offset. */
  purchased_titles: part(PurchasedTitleResponseSchema),
  /** GET /episode/comment/history?sort=new&limit=comment_limit&offset=comment_offset. */
  comment_history: part(CommentHistoryResponseSchema),
  /** GET /episode/comment/like/notice (it marks the notices read, as alone). */
  comment_like_notices: part(CommentLikeNoticeResponseSchema),
  /** GET /web/loginbonus. */
  login_bonus: part(LoginBonusResponseSchema),
  /**
   * When this answer changes by the clock alone (epoch ms, ADR 083): the first lot of points or
   * premium ticket to expire, or the login bonus's next day, whichever comes first.
   */
  changes_at: z.int(),
});
export type WebMyPersonalResponse = z.infer<typeof WebMyPersonalResponseSchema>;
