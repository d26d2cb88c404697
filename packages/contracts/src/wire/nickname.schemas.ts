import { z } from 'zod';
import { NICKNAME_INPUT_MAX_LENGTH } from '../nickname.rules.ts';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';

// The reader's nickname (ours, issue 24 item 10, ADR 066): GET /user/nickname and POST
// /user/nickname. The account's `nickname` (wire §4 /account) and each comment's `user_name` carry it.

/** GET /user/nickname and the answer of a change. */
export const NicknameSettingResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  /** The reader's nickname; "" while they have none (comments then show "Reader 7K2QX9"). */
  nickname: z.string(),
  /** 1 when a new nickname may be set now (never set, or the week since the last change is over). */
  can_change: z.int(),
  /** When a new nickname may be set, in the wire time zone; "" when it may be set now. */
  next_change_time: z.union([WireDateTimeSchema, z.literal('')]),
});
export type NicknameSettingResponse = z.infer<typeof NicknameSettingResponseSchema>;

/** POST /user/nickname (nickname): sets it, or "" to remove it (then comments show the pseudonym). */
export const NicknameRequestSchema = z.object({
  nickname: z.string().max(NICKNAME_INPUT_MAX_LENGTH),
});
