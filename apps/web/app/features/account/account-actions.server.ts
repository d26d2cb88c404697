import type { AccountOperations } from '@manga/api-client';
import { ResponseCode } from '@manga/contracts';
import { data } from 'react-router';
import { accountFailure } from './account-api.server.ts';
import {
  type FormResult,
  type FormValues,
  REVOKE_OTHER_SESSIONS_INTENT,
  text,
  validateEmailChangeForm,
  validateLoginForm,
  validateNewPasswordForm,
  validatePasswordChangeForm,
  validatePasswordResetForm,
  validateSignupForm,
} from './account-forms.ts';

// What the account forms' actions do (product §4 two-step flows, §5 rules, §7 calls): check the form
// again on the server, call the API, and report field errors, an API code for the error modal, or
// success. Route modules turn these into responses and redirects.

async function attempt<Field extends string, Done extends object>(
  call: () => Promise<unknown>,
  done: Done,
): Promise<FormResult<Field, Done>> {
  try {
    await call();
    return { status: 'done', ...done };
  } catch (error) {
    return accountFailure(error);
  }
}

/** The HTTP answer for a result that stays on its page: 400 for field errors and refused calls. */
export function resultResponse<T extends { status: string }>(result: T) {
  return data(result, { status: result.status === 'done' ? 200 : 400 });
}

/** POST /web/user/login (sets the uwt cookie). */
export async function logIn(form: FormValues, api: AccountOperations) {
  const checked = validateLoginForm(form);
  if (!checked.ok) return { status: 'invalid', errors: checked.errors } as const;
  return attempt<'email' | 'password', object>(() => api.login(checked.values), {});
}

/** Sign-up, first step: POST /web/account/presave mails the link. */
export async function presaveSignup(form: FormValues, api: AccountOperations) {
  const checked = validateSignupForm(form);
  if (!checked.ok) return { status: 'invalid', errors: checked.errors } as const;
  return attempt<'email' | 'terms' | 'privacy', { email: string }>(
    () => api.presaveAccount({ email: checked.values.email }),
    { email: checked.values.email },
  );
}

/** Sign-up, second step: POST /web/account/save with the link's token (creates the account and logs in). */
export async function saveSignup(form: FormValues, api: AccountOperations) {
  const checked = validateNewPasswordForm(form);
  if (!checked.ok) return { status: 'invalid', errors: checked.errors } as const;
  const token = text(form, 'token');
  return attempt<'password' | 'password_confirmation', object>(
    () => api.saveAccount({ password: checked.values.password, token }),
    {},
  );
}

/** E-mail change, first step: POST /web/account/email/presave mails the new address. */
export async function presaveEmail(form: FormValues, api: AccountOperations) {
  const checked = validateEmailChangeForm(form);
  if (!checked.ok) return { status: 'invalid', errors: checked.errors } as const;
  return attempt<'new_email' | 'password', { email: string }>(
    () => api.presaveEmail({ new_email: checked.values.newEmail, password: checked.values.password }),
    { email: checked.values.newEmail },
  );
}

/** Password change, first step: POST /web/account/password/presave mails the account's address. */
export async function presavePassword(form: FormValues, api: AccountOperations) {
  const checked = validatePasswordChangeForm(form);
  if (!checked.ok) return { status: 'invalid', errors: checked.errors } as const;
  return attempt<'current_password' | 'new_password' | 'new_password_confirmation', object>(
    () =>
      api.presavePassword({
        current_password: checked.values.currentPassword,
        new_password: checked.values.newPassword,
      }),
    {},
  );
}

/** Password reset, first step: POST /web/account/password/prereset (answers 0 for unknown addresses too). */
export async function preresetPassword(form: FormValues, api: AccountOperations) {
  const checked = validatePasswordResetForm(form);
  if (!checked.ok) return { status: 'invalid', errors: checked.errors } as const;
  return attempt<'email' | 'new_password' | 'new_password_confirmation', { email: string }>(
    () => api.preresetPassword({ email: checked.values.email, new_password: checked.values.newPassword }),
    { email: checked.values.email },
  );
}

export type TokenFlow = 'email-save' | 'password-save' | 'password-reset';

/**
 * Second step of the e-mail change, password change and reset: the link's page asks for a click
 * (mail scanners open links, ADR 007), whose action calls the GET with the token.
 */
export async function confirmToken(flow: TokenFlow, form: FormValues, api: AccountOperations) {
  const token = text(form, 'token');
  const call = {
    'email-save': () => api.saveEmail({ token }),
    'password-save': () => api.savePassword({ token }),
    'password-reset': () => api.resetPassword({ token }),
  }[flow];
  return attempt<never, object>(call, {});
}

/** POST /web/opt_out: each box checked opts out (product §7, ADR 007). */
export async function saveOptOut(form: FormValues, api: AccountOperations) {
  const ads = form.get('ads') === '1' ? 1 : 0;
  const analysis = form.get('analysis') === '1' ? 1 : 0;
  return attempt<never, { optOut: { ads: number; analysis: number } }>(() => api.saveOptOut({ ads, analysis }), {
    optOut: { ads, analysis },
  });
}

/**
 * The settings page's device forms (ADR 007): POST /web/account/session/revoke (`session_id`) or
 * /web/account/session/revoke_others. An id that is not a positive integer never leaves the web
 * (1001, as the API would answer).
 */
export async function revokeDevices(form: FormValues, api: AccountOperations) {
  if (text(form, 'intent') === REVOKE_OTHER_SESSIONS_INTENT) {
    return attempt<never, { revoked: 'others' }>(() => api.revokeOtherSessions(), { revoked: 'others' });
  }
  const sessionId = text(form, 'session_id').trim();
  if (!/^[1-9][0-9]{0,14}$/.test(sessionId)) return { status: 'failed', code: ResponseCode.InvalidParameter } as const;
  return attempt<never, { revoked: 'one' }>(() => api.revokeSession({ session_id: Number(sessionId) }), {
    revoked: 'one',
  });
}
