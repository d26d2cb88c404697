import {
  type AccountResponse,
  AccountResponseSchema,
  type DevOutboxListResponse,
  DevOutboxListResponseSchema,
  type DevOutboxMessageResponse,
  DevOutboxMessageResponseSchema,
  type EmailLinkPurpose,
  type OptOutResponse,
  OptOutResponseSchema,
  type SuccessEnvelopeFields,
  SuccessEnvelopeSchema,
  type TokenStatusResponse,
  TokenStatusResponseSchema,
  type WebStatusResponse,
  WebStatusResponseSchema,
} from '@manga/contracts';
import type { ApiClient } from './api-client.ts';

// Typed account, session, consent and outbox calls of the web (product §7 Account, User, Web; ADR 007).
// Each names its operation so that product §5's required-parameter check runs before anything is sent.

export interface LoginParams {
  email: string;
  password: string;
}
export interface TokenParams {
  token: string;
}
export interface OptOutParams {
  ads: 0 | 1;
  analysis: 0 | 1;
}

export interface AccountOperations {
  /** POST /web/user/login: sets the uwt cookie. */
  login(params: LoginParams): Promise<SuccessEnvelopeFields>;
  /** POST /web/user/logout: ends the caller's session and clears the cookie, whatever state it is in. */
  logout(params?: { target_user_id?: number }): Promise<SuccessEnvelopeFields>;
  /** GET /account. */
  getAccount(): Promise<AccountResponse>;
  /** POST /web/account/session/revoke: ends one session of the account (clears the cookie when it is the caller's). */
  revokeSession(params: { session_id: number }): Promise<SuccessEnvelopeFields>;
  /** POST /web/account/session/revoke_others: ends every session of the account but the caller's. */
  revokeOtherSessions(): Promise<SuccessEnvelopeFields>;
  /** POST /web/account/presave: mails the sign-up link (the password is chosen on the link's page). */
  presaveAccount(params: { email: string }): Promise<SuccessEnvelopeFields>;
  /** POST /web/account/save: creates the account from the link's token and logs it in. */
  saveAccount(params: { password: string; token: string }): Promise<SuccessEnvelopeFields>;
  /** POST /web/account/email/presave: mails a confirmation link to the new address. */
  presaveEmail(params: { new_email: string; password: string }): Promise<SuccessEnvelopeFields>;
  /** GET /web/account/token/status (ours): whether an e-mailed link still works; uses nothing up. */
  checkToken(params: { token: string; purpose: EmailLinkPurpose }): Promise<TokenStatusResponse>;
  /** GET /web/account/email/save. */
  saveEmail(params: TokenParams): Promise<SuccessEnvelopeFields>;
  /** POST /web/account/password/presave: mails a confirmation link to the account's address. */
  presavePassword(params: { current_password: string; new_password: string }): Promise<SuccessEnvelopeFields>;
  /** GET /web/account/password/save: applies the new password and ends every other session. */
  savePassword(params: TokenParams): Promise<SuccessEnvelopeFields>;
  /** POST /web/account/password/prereset: answers 0 whether or not the address has an account. */
  preresetPassword(params: { email: string; new_password: string }): Promise<SuccessEnvelopeFields>;
  /** GET /web/account/password/reset: applies the new password and ends every session. */
  resetPassword(params: TokenParams): Promise<SuccessEnvelopeFields>;
  /** GET /web/opt_out. */
  getOptOut(): Promise<OptOutResponse>;
  /** POST /web/opt_out. */
  saveOptOut(params: OptOutParams): Promise<OptOutResponse>;
  /** GET /web/status. */
  getStatus(): Promise<WebStatusResponse>;
  /** GET /dev/outbox (outside production only). */
  listOutbox(): Promise<DevOutboxListResponse>;
  /** GET /dev/outbox/:id (outside production only). */
  getOutboxMessage(id: string): Promise<DevOutboxMessageResponse>;
}

export function accountOperations(client: ApiClient): AccountOperations {
  const envelope = { schema: SuccessEnvelopeSchema };
  return {
    login: (params) => client.call('login', 'POST', '/web/user/login', { ...params }, envelope),
    logout: (params = {}) => client.call('logout', 'POST', '/web/user/logout', { ...params }, envelope),
    getAccount: () => client.call('getAccount', 'GET', '/account', {}, { schema: AccountResponseSchema }),
    revokeSession: (params) =>
      client.call('revokeSession', 'POST', '/web/account/session/revoke', { ...params }, envelope),
    revokeOtherSessions: () =>
      client.call('revokeOtherSessions', 'POST', '/web/account/session/revoke_others', {}, envelope),
    presaveAccount: (params) => client.call('webPresave', 'POST', '/web/account/presave', { ...params }, envelope),
    saveAccount: (params) => client.call('save', 'POST', '/web/account/save', { ...params }, envelope),
    presaveEmail: (params) =>
      client.call('emailPresave', 'POST', '/web/account/email/presave', { ...params }, envelope),
    checkToken: (params) =>
      client.call(
        'checkToken',
        'GET',
        '/web/account/token/status',
        { ...params },
        { schema: TokenStatusResponseSchema },
      ),
    saveEmail: (params) => client.call('emailSave', 'GET', '/web/account/email/save', { ...params }, envelope),
    presavePassword: (params) =>
      client.call('passwordPresave', 'POST', '/web/account/password/presave', { ...params }, envelope),
    savePassword: (params) => client.call('passwordSave', 'GET', '/web/account/password/save', { ...params }, envelope),
    preresetPassword: (params) =>
      client.call('prereset', 'POST', '/web/account/password/prereset', { ...params }, envelope),
    resetPassword: (params) =>
      client.call('passwordReset', 'GET', '/web/account/password/reset', { ...params }, envelope),
    getOptOut: () => client.call('getOptOut', 'GET', '/web/opt_out', {}, { schema: OptOutResponseSchema }),
    saveOptOut: (params) =>
      client.call('optOut', 'POST', '/web/opt_out', { ...params }, { schema: OptOutResponseSchema }),
    getStatus: () => client.call('getStatus', 'GET', '/web/status', {}, { schema: WebStatusResponseSchema }),
    listOutbox: () => client.call('listOutbox', 'GET', '/dev/outbox', {}, { schema: DevOutboxListResponseSchema }),
    getOutboxMessage: (id) =>
      client.call(
        'getOutboxMessage',
        'GET',
        `/dev/outbox/${encodeURIComponent(id)}`,
        {},
        { schema: DevOutboxMessageResponseSchema },
      ),
  };
}

/** The `set-cookie` headers of an answer (the API sets and clears the uwt session cookie this way). */
export function setCookieHeaders(headers: Headers): string[] {
  const getSetCookie = (headers as Headers & { getSetCookie?: () => string[] }).getSetCookie;
  if (typeof getSetCookie === 'function') return getSetCookie.call(headers);
  const single = headers.get('set-cookie');
  return single ? [single] : [];
}

/** A fetch that hands every answer's `set-cookie` headers to `onSetCookie` (server rendering forwards them). */
export function fetchCollectingSetCookies(
  onSetCookie: (headers: readonly string[]) => void,
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    const cookies = setCookieHeaders(response.headers);
    if (cookies.length > 0) onSetCookie(cookies);
    return response;
  };
}
