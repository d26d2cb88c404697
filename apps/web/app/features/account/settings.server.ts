import { type RouterContextProvider, redirect } from 'react-router';
import { TOP_PATH } from '#app/guards/navigation-guard.ts';
import { visitorOf } from '#app/visitor/visitor-context.server.ts';
import { resultResponse, revokeDevices } from './account-actions.server.ts';
import { accountApiFor, clearSessionCookie, guardSession, requireAccount } from './account-api.server.ts';
import type { AccountSettingsData } from './settings.ts';

type Context = Readonly<RouterContextProvider>;

/** GET /account: address and logged-in devices; a dead session logs out and asks to log in again. */
export async function loadAccountSettings(request: Request, context: Context, url: URL): Promise<AccountSettingsData> {
  const { account } = await requireAccount(request, context, url);
  return {
    email: account.email,
    daysSinceCreated: account.days_since_created,
    devices: account.device_list.map((device, index) => ({
      key: device.session_id > 0 ? `session-${device.session_id}` : `${index}-${device.user_id}`,
      name: device.device_name,
      platform: device.platform,
      sessionId: device.session_id,
      isCurrent: device.is_current === 1,
    })),
  };
}

/**
 * The device forms (ADR 007): end one session, or every other one. Ending this device's own
 * session logs the visitor out, as the logout button does; a dead session sends them to log in.
 */
export async function submitDeviceForm(request: Request, context: Context, url: URL) {
  const form = await request.formData();
  const result = guardSession(await revokeDevices(form, accountApiFor(request, context)), context, url);
  const state = visitorOf(context);
  if (result.status === 'done' && !state.visitor.isLoggedIn) {
    clearSessionCookie(state);
    throw redirect(TOP_PATH);
  }
  return resultResponse(result);
}
