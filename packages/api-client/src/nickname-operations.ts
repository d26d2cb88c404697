import { type NicknameSettingResponse, NicknameSettingResponseSchema } from '@manga/contracts';
import type { ApiClient } from './api-client.ts';
import type { CallOptions } from './catalogue-operations.ts';

// The reader's nickname (ADR 066): read it and when it may change; set or remove it.

/** GET /user/nickname: the nickname ("" without one) and when it may next change. */
export function getNickname(api: ApiClient, options: CallOptions = {}): Promise<NicknameSettingResponse> {
  return api.call('getNickname', 'GET', '/user/nickname', {}, { ...options, schema: NicknameSettingResponseSchema });
}

/**
 * POST /user/nickname: sets the nickname ("" removes it). Refusals: 2030 invalid, 6100 NG word,
 * 2031 taken in the region (HTTP 409), 2032 changed less than a week ago (HTTP 429, Retry-After).
 */
export function setNickname(
  api: ApiClient,
  params: { nickname: string },
  options: CallOptions = {},
): Promise<NicknameSettingResponse> {
  return api.call(
    'setNickname',
    'POST',
    '/user/nickname',
    { ...params },
    { ...options, schema: NicknameSettingResponseSchema },
  );
}
