import { z } from 'zod';
import { DEVICE_NAME_MAX_LENGTH } from '../constants.ts';
import { hasControlCharacter } from './bookmark.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntFlagParamSchema } from './params.schemas.ts';

// The reader's reading settings (ours, issue 28, ADR 044): private reading (nothing of a read is
// recorded while it is on) and the name of this device, shown beside "continue reading".

/** GET /user/reading_setting and the answer of both changes. */
export const ReadingSettingResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  /** 1 while private reading is on: no history, no place, no continue reading, no ranking count. */
  private_reading: z.int(),
  /** This session's device name ("Chrome on macOS", or the reader's own); "" for app users. */
  device_name: z.string(),
});
export type ReadingSettingResponse = z.infer<typeof ReadingSettingResponseSchema>;

/** POST /user/private_reading (private_reading 0|1). */
export const PrivateReadingRequestSchema = z.object({ private_reading: IntFlagParamSchema });

/** POST /user/device_name (device_name): names this session's device; "" goes back to the browser's name. */
export const DeviceNameRequestSchema = z.object({
  device_name: z
    .string()
    .refine((name) => !hasControlCharacter(name), 'control characters')
    .transform((name) => name.trim().replace(/ +/g, ' '))
    .refine((name) => [...name].length <= DEVICE_NAME_MAX_LENGTH, `at most ${DEVICE_NAME_MAX_LENGTH} characters`),
});
