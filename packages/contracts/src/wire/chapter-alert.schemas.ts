import { z } from 'zod';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntFlagParamSchema, IntParamSchema } from './params.schemas.ts';

// New-chapter alerts (ours, issue 28, ADR 065): the mail switch of the account and of each followed
// title, the header bell's list of chapters released since it was last opened, and the no-login
// unsubscribe link of the alert mail.

/** GET /user/chapter_alert_setting and the answer of both changes. */
export const ChapterAlertSettingResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  /** 1 while a mail is sent (at most one a day) when followed titles release chapters. */
  chapter_alert_mail: z.int(),
  /** Followed titles whose mail the reader turned off. */
  alert_off_title_list: z.array(z.int()),
});
export type ChapterAlertSettingResponse = z.infer<typeof ChapterAlertSettingResponseSchema>;

/** POST /user/chapter_alert_mail (chapter_alert_mail 0|1). */
export const ChapterAlertMailRequestSchema = z.object({ chapter_alert_mail: IntFlagParamSchema });

/** POST /favorite/alert (title_id, alert_mail 0|1): one followed title's mail. */
export const TitleAlertRequestSchema = z.object({ title_id: IntParamSchema, alert_mail: IntFlagParamSchema });

/** A chapter of a followed title released since the bell was last opened. */
export const NewChapterSchema = z.strictObject({
  title_id: z.int(),
  title_name: z.string(),
  episode_id: z.int(),
  episode_name: z.string(),
  /** Release time (wire time zone). */
  start_time: WireDateTimeSchema,
});
export type NewChapter = z.infer<typeof NewChapterSchema>;

/** GET /user/new_chapters: newest first; POST /user/new_chapters/seen answers the same, emptied. */
export const NewChapterListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  /** How many there are (the list shows the newest MAX_NEW_CHAPTERS). */
  new_chapter_num: z.int(),
  new_chapter_list: z.array(NewChapterSchema),
});
export type NewChapterListResponse = z.infer<typeof NewChapterListResponseSchema>;

/** The signed token of the alert mail's unsubscribe link. */
export const UnsubscribeTokenSchema = z.object({ token: z.string().min(1).max(200) });

/** GET and POST /mail/unsubscribe: whose mail the link stops (address masked) and its state. */
export const UnsubscribeResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  /** The account's address with most of its local part hidden ("r•••@example.com"). */
  email: z.string(),
  chapter_alert_mail: z.int(),
});
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponseSchema>;
