// Rows → the account and user wire shapes (wire §3.5); every field present, "" for missing strings.
import type { Account, AccountDevice } from '@manga/contracts';
import type { DeviceRow, UserRow, WebTokenRow } from '#src/db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Web sessions first (with their id and whether it is the caller's), then app installations, which
 * are not sessions (`session_id` 0, nothing to revoke).
 */
export function toAccountDeviceList(
  userId: number,
  sessions: readonly WebTokenRow[],
  devices: readonly DeviceRow[],
  currentSessionId: number | null,
): AccountDevice[] {
  return [
    ...sessions.map((s) => ({
      user_id: userId,
      device_name: s.device_name,
      platform: s.platform,
      session_id: s.id,
      is_current: s.id === currentSessionId ? 1 : 0,
    })),
    ...devices.map((d) => ({
      user_id: userId,
      device_name: d.device,
      platform: d.platform,
      session_id: 0,
      is_current: 0,
    })),
  ];
}

export function toAccountResponse(user: UserRow, deviceList: AccountDevice[], now: number): Account {
  const birthyear = user.birthday ? Number(user.birthday.slice(0, 4)) : null;
  return {
    account_id: user.id,
    user_id: user.id,
    nickname: user.nickname ?? '',
    email: user.email ?? '',
    gender: user.gender,
    birthyear: Number.isInteger(birthyear) ? birthyear : null,
    device_list: deviceList,
    is_registerd: user.email && user.password_hash ? 1 : 0,
    days_since_created: Math.max(0, Math.floor((now - user.created_at) / DAY_MS)),
  };
}

/** GET /user; `hashKey` is '' unless the service may hand the key out (ADR 015). */
export function toUserResponse(user: UserRow, originalUuid: string, hashKey: string) {
  return {
    user_id: user.id,
    email: user.email ?? '',
    gender: user.gender,
    hash_key: hashKey,
    original_uuid: originalUuid,
  };
}

/** POST /user/register. */
export function toRegisterResponse(user: UserRow, originalUuid: string) {
  return {
    user_id: user.id,
    hash_key: user.hash_key,
    login_status: user.email && user.password_hash ? 1 : 0,
    email: user.email ?? '',
    charge_type: user.charge_type,
    gender: user.gender === null ? '' : String(user.gender),
    push_notification_notice: user.push_notice_status,
    original_uuid: originalUuid,
  };
}
