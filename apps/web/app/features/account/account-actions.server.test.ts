import { type AccountOperations, ApiError } from '@manga/api-client';
import { ResponseCode, responseCodeMessageKey } from '@manga/contracts';
import { describe, expect, it, vi } from 'vitest';
import en from '#app/i18n/en.json' with { type: 'json' };
import ja from '#app/i18n/ja.json' with { type: 'json' };
import {
  confirmToken,
  logIn,
  presavePassword,
  presaveSignup,
  revokeDevices,
  saveOptOut,
  saveSignup,
} from './account-actions.server.ts';
import { parseSetCookie } from './account-api.server.ts';
import { REVOKE_OTHER_SESSIONS_INTENT, REVOKE_SESSION_INTENT } from './account-forms.ts';

const ok = { status: 'success' as const, response_code: 0 as const, error_message: '' as const };

function refused(code: number): ApiError {
  return new ApiError({ message: 'refused', responseCode: code, httpStatus: 400, body: '', url: 'http://api.test' });
}

/** Account operations that succeed unless told otherwise. */
function fakeApi(overrides: Partial<AccountOperations> = {}): AccountOperations {
  const done = vi.fn(async () => ok);
  return {
    login: done,
    logout: done,
    getAccount: vi.fn(),
    revokeSession: done,
    revokeOtherSessions: done,
    presaveAccount: done,
    saveAccount: done,
    presaveEmail: done,
    checkToken: vi.fn(async () => ({ ...ok, token_status: 'valid' as const })),
    saveEmail: done,
    presavePassword: done,
    savePassword: done,
    preresetPassword: done,
    resetPassword: done,
    getOptOut: vi.fn(),
    saveOptOut: vi.fn(async (params) => ({ ...ok, opt_out: params })),
    getStatus: vi.fn(),
    listOutbox: vi.fn(),
    getOutboxMessage: vi.fn(),
    ...overrides,
  };
}

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe('account actions', () => {
  it('passes on when a throttled call may be tried again (429 / 2002 with Retry-After)', async () => {
    const throttled = new ApiError({
      message: 'wait',
      responseCode: ResponseCode.UserLoginFailed,
      httpStatus: 429,
      body: '',
      url: 'http://api.test',
      retryAfterSeconds: 4,
    });
    const api = fakeApi({
      login: vi.fn(async () => {
        throw throttled;
      }),
    });
    expect(await logIn(form({ email: 'a@example.com', password: 'Correct-Horse-9' }), api)).toEqual({
      status: 'failed',
      code: ResponseCode.UserLoginFailed,
      retryAfterSeconds: 4,
    });
  });

  it('does not call the API when the form breaks a rule', async () => {
    const api = fakeApi();
    expect(await logIn(form({ email: '', password: '' }), api)).toMatchObject({ status: 'invalid' });
    expect(await presaveSignup(form({ email: 'a@example.com', terms: '1' }), api)).toEqual({
      status: 'invalid',
      errors: { privacy: 'account.errors.privacy_required' },
    });
    expect(api.login).not.toHaveBeenCalled();
    expect(api.presaveAccount).not.toHaveBeenCalled();
  });

  it('logs in with the trimmed address', async () => {
    const api = fakeApi();
    expect(await logIn(form({ email: ' a@example.com ', password: 'Secret-pass-1' }), api)).toEqual({ status: 'done' });
    expect(api.login).toHaveBeenCalledWith({ email: 'a@example.com', password: 'Secret-pass-1' });
  });

  it('reports the API code of a refused call for the error modal', async () => {
    const api = fakeApi({ login: async () => Promise.reject(refused(ResponseCode.UserLoginFailed)) });
    expect(await logIn(form({ email: 'a@example.com', password: 'x' }), api)).toEqual({
      status: 'failed',
      code: ResponseCode.UserLoginFailed,
    });
  });

  it('sends the sign-up link, then creates the account with the token and password', async () => {
    const api = fakeApi();
    expect(await presaveSignup(form({ email: 'a@example.com', terms: '1', privacy: '1' }), api)).toEqual({
      status: 'done',
      email: 'a@example.com',
    });
    const good = 'Good-pass-2026';
    expect(await saveSignup(form({ token: 'tok', password: good, password_confirmation: good }), api)).toEqual({
      status: 'done',
    });
    expect(api.saveAccount).toHaveBeenCalledWith({ password: good, token: 'tok' });
  });

  it('maps a used or expired link to 2017 and its product text', async () => {
    const api = fakeApi({ savePassword: async () => Promise.reject(refused(ResponseCode.AccountModifyInvalidToken)) });
    const result = await confirmToken('password-save', form({ token: 'used' }), api);
    expect(result).toEqual({ status: 'failed', code: 2017 });
    expect(responseCodeMessageKey(2017)).toBe('response_code_message.account_modify_invalid_token');
    expect(en.response_code_message.account_modify_invalid_token).toBe('Your session has timed out. Please try again.');
    expect(ja.response_code_message.account_modify_invalid_token).toMatch(/[\u3040-\u30ff]/);
  });

  it('changes the password with the current and the new one', async () => {
    const api = fakeApi();
    const good = 'Good-pass-2026';
    await presavePassword(
      form({ current_password: 'Old-pass-2025', new_password: good, new_password_confirmation: good }),
      api,
    );
    expect(api.presavePassword).toHaveBeenCalledWith({ current_password: 'Old-pass-2025', new_password: good });
  });

  it('opts out of what is checked', async () => {
    const api = fakeApi();
    expect(await saveOptOut(form({ ads: '1' }), api)).toEqual({ status: 'done', optOut: { ads: 1, analysis: 0 } });
    expect(api.saveOptOut).toHaveBeenCalledWith({ ads: 1, analysis: 0 });
  });

  it('ends one device session by its id, or every other one', async () => {
    const api = fakeApi({ revokeSession: vi.fn(async () => ok), revokeOtherSessions: vi.fn(async () => ok) });
    expect(await revokeDevices(form({ intent: REVOKE_SESSION_INTENT, session_id: '42' }), api)).toEqual({
      status: 'done',
      revoked: 'one',
    });
    expect(api.revokeSession).toHaveBeenCalledWith({ session_id: 42 });
    expect(await revokeDevices(form({ intent: REVOKE_OTHER_SESSIONS_INTENT }), api)).toEqual({
      status: 'done',
      revoked: 'others',
    });
    expect(api.revokeOtherSessions).toHaveBeenCalledTimes(1);
  });

  it('refuses a malformed session id without calling the API, and reports a refused call', async () => {
    const api = fakeApi({ revokeSession: vi.fn(async () => ok) });
    for (const sessionId of ['', 'abc', '0', '-1', '1.5', '9'.repeat(20)]) {
      expect(await revokeDevices(form({ intent: REVOKE_SESSION_INTENT, session_id: sessionId }), api)).toEqual({
        status: 'failed',
        code: ResponseCode.InvalidParameter,
      });
    }
    expect(api.revokeSession).not.toHaveBeenCalled();
    const refusing = fakeApi({
      revokeSession: vi.fn(async () => {
        throw refused(ResponseCode.InvalidParameter);
      }),
    });
    expect(await revokeDevices(form({ session_id: '7' }), refusing)).toEqual({
      status: 'failed',
      code: ResponseCode.InvalidParameter,
    });
  });
});

describe('parseSetCookie', () => {
  it('reads the name and value, and sees deletions', () => {
    expect(parseSetCookie('dev_uwt=abc; Max-Age=2592000; Path=/; HttpOnly')).toEqual({
      name: 'dev_uwt',
      value: 'abc',
      deletes: false,
    });
    expect(parseSetCookie('dev_uwt=; Max-Age=0; Path=/')?.deletes).toBe(true);
    expect(parseSetCookie('uwt=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT')?.deletes).toBe(true);
    expect(parseSetCookie('garbage')).toBeUndefined();
  });
});
