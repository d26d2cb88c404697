import { z } from 'zod';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntParamSchema } from './params.schemas.ts';

// Top page curation under /ops/catalogue/top* (issue 26, ADR 074): the editors' picks for today's
// choice and the bonus section, the banners and the titles' campaign texts, each with an optional
// window in the wire time zone, and the rankings rebuilt on demand. Same gate as the rest of
// /ops/catalogue (admin and editor; 404 to anyone else). Form bodies (wire §1.6).

/** What a pick names: a title shown as today's choice, or a chapter shown in the bonus section. */
export const TopPickKind = { TodayChoice: 1, Bonus: 2 } as const;
export type TopPickKind = (typeof TopPickKind)[keyof typeof TopPickKind];

export const BANNER_ALT_MAX_LENGTH = 200;
export const BANNER_LINK_MAX_LENGTH = 500;
export const CAMPAIGN_TEXT_MAX_LENGTH = 200;
/** Picks of one kind at most (the top page shows ten). */
export const TOP_PICK_MAX_COUNT = 20;
export const BANNER_MAX_POSITION = 999;

/** '' (no bound) or a wire date and time. */
const OptionalTimeSchema = z.union([z.literal(''), WireDateTimeSchema]).default('');
const KindSchema = z.enum(['1', '2']).transform((kind) => Number(kind) as TopPickKind);

/** POST /ops/catalogue/top/pick/add */
export const TopPickAddRequestSchema = z.object({
  kind: KindSchema,
  target_id: IntParamSchema,
  start_time: OptionalTimeSchema,
  end_time: OptionalTimeSchema,
});
export type TopPickAddRequest = z.input<typeof TopPickAddRequestSchema>;

/** POST /ops/catalogue/top/pick/remove */
export const TopPickRemoveRequestSchema = z.object({ pick_id: IntParamSchema });
export type TopPickRemoveRequest = z.input<typeof TopPickRemoveRequestSchema>;

/** POST /ops/catalogue/top/pick/order: every pick of the kind, in the new order, comma-joined. */
export const TopPickOrderRequestSchema = z.object({
  kind: KindSchema,
  pick_id_list: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'a comma-joined list of pick ids')
    .transform((list) => list.split(',').map(Number)),
});
export type TopPickOrderRequest = z.input<typeof TopPickOrderRequestSchema>;

/** A link target: a path of this site or an https address. */
const LinkSchema = z
  .string()
  .trim()
  .max(BANNER_LINK_MAX_LENGTH)
  .refine((link) => /^\/[^/\\]/.test(link) || link === '/' || /^https:\/\/[^\s]+$/.test(link), {
    message: 'a path starting with / or an https:// address',
  });

/** POST /ops/catalogue/top/banner/save: a new banner without `advertisement_id`, else that one edited. */
export const TopBannerSaveRequestSchema = z.object({
  advertisement_id: IntParamSchema.optional(),
  link_url: LinkSchema,
  alt_text: z.string().trim().min(1, 'the English alt text is required').max(BANNER_ALT_MAX_LENGTH),
  alt_text_ja: z.string().trim().max(BANNER_ALT_MAX_LENGTH).default(''),
  position: IntParamSchema.refine((p) => p <= BANNER_MAX_POSITION, `at most ${BANNER_MAX_POSITION}`),
  start_time: WireDateTimeSchema,
  end_time: OptionalTimeSchema,
});
export type TopBannerSaveRequest = z.input<typeof TopBannerSaveRequestSchema>;

/** POST /ops/catalogue/top/banner/image?advertisement_id=…: the body is the image (TITLE_ART_MEDIA_TYPES). */
export const TopBannerImageQuerySchema = z.object({ advertisement_id: IntParamSchema });
export type TopBannerImageQuery = z.input<typeof TopBannerImageQuerySchema>;

/** POST /ops/catalogue/top/banner/delete */
export const TopBannerDeleteRequestSchema = z.object({ advertisement_id: IntParamSchema });
export type TopBannerDeleteRequest = z.input<typeof TopBannerDeleteRequestSchema>;

/** POST /ops/catalogue/top/campaign: a title's campaign text in both languages and its window ('' clears). */
export const TopCampaignRequestSchema = z.object({
  title_id: IntParamSchema,
  campaign_text: z.string().trim().max(CAMPAIGN_TEXT_MAX_LENGTH).default(''),
  campaign_text_ja: z.string().trim().max(CAMPAIGN_TEXT_MAX_LENGTH).default(''),
  start_time: OptionalTimeSchema,
  end_time: OptionalTimeSchema,
});
export type TopCampaignRequest = z.input<typeof TopCampaignRequestSchema>;

const FlagSchema = z.union([z.literal(0), z.literal(1)]);

export const TopPickSchema = z.strictObject({
  pick_id: z.int(),
  kind: z.int(),
  target_id: z.int(),
  /** The title's name; for a chapter "title – chapter". */
  label: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  /** 1 while its window runs now. */
  active: FlagSchema,
});
export type TopPick = z.infer<typeof TopPickSchema>;

export const TopRuleItemSchema = z.strictObject({ target_id: z.int(), label: z.string() });
export type TopRuleItem = z.infer<typeof TopRuleItemSchema>;

export const TopBannerSchema = z.strictObject({
  advertisement_id: z.int(),
  image_url: z.string(),
  link_url: z.string(),
  alt_text: z.string(),
  alt_text_ja: z.string(),
  position: z.int(),
  start_time: z.string(),
  end_time: z.string(),
  active: FlagSchema,
});
export type TopBanner = z.infer<typeof TopBannerSchema>;

export const TopCampaignSchema = z.strictObject({
  title_id: z.int(),
  title_name: z.string(),
  campaign_text: z.string(),
  campaign_text_ja: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  active: FlagSchema,
});
export type TopCampaign = z.infer<typeof TopCampaignSchema>;

/** GET /ops/catalogue/top: everything the screen shows. */
export const TopCurationResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  pick_list: z.array(TopPickSchema),
  /** What the rules choose today (shown when no pick of the kind is active). */
  today_choice_rule_list: z.array(TopRuleItemSchema),
  bonus_rule_list: z.array(TopRuleItemSchema),
  banner_list: z.array(TopBannerSchema),
  campaign_list: z.array(TopCampaignSchema),
  /** When the rankings were last computed ('' never). */
  rankings_rebuilt_time: z.string(),
  /** The wire time zone the times are in. */
  time_zone: z.string(),
});
export type TopCurationResponse = z.infer<typeof TopCurationResponseSchema>;

/** POST /ops/catalogue/top/rankings/rebuild: 'success', or 'skipped' when there was no activity to rank. */
export const TopRankingsRebuildResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  outcome: z.string(),
  rankings_rebuilt_time: z.string(),
});
export type TopRankingsRebuildResponse = z.infer<typeof TopRankingsRebuildResponseSchema>;

/** The answer of a curation change: the id of what was changed (the screen then reads GET /ops/catalogue/top). */
export const TopCurationChangeResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  pick_id: z.int().optional(),
  pick_id_list: z.array(z.int()).optional(),
  advertisement_id: z.int().optional(),
  title_id: z.int().optional(),
});
export type TopCurationChangeResponse = z.infer<typeof TopCurationChangeResponseSchema>;
