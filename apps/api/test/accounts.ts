// Helpers for account tests: registered users with a known password, form posts, session cookies.
import { LAW_COOKIE_TTL_SECONDS, serializeBirthdayCookie } from '@manga/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { UserRow } from '#src/db/schema.ts';
import { PasswordHasherRepository } from '#src/repositories/password-hasher.repository.ts';
import { TEST_PASSWORD_HASH_COST, type TestApp } from '#test/app.ts';
import { factory, insertUser, type NewUser, TEST_NOW } from '#test/factories.ts';

/** A password that passes every product §5 rule. */
export const GOOD_PASSWORD = 'Correct-Horse-9';
export const OTHER_GOOD_PASSWORD = 'Battery-Staple-42';

const hasher = new PasswordHasherRepository(TEST_PASSWORD_HASH_COST);

/** An active, registered account (e-mail + argon2id password). */
export async function createAccount(
  t: TestApp,
  overrides: Partial<NewUser> & { password?: string } = {},
): Promise<UserRow & { password: string }> {
  const { password = GOOD_PASSWORD, ...rest } = overrides;
  const user = await insertUser(t.database.db, {
    password_hash: await hasher.hashPassword(password),
    email: factory.user().email,
    ...rest,
  });
  return { ...user, password };
}

export interface RequestOptions {
  cookie?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

function headersOf(options: RequestOptions) {
  return { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers };
}

export function post(t: TestApp, url: string, body: Record<string, string | string[]>, options: RequestOptions = {}) {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  }
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headersOf(options) },
    payload: form.toString(),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

export function get(t: TestApp, url: string, options: RequestOptions = {}) {
  return t.app.inject({ method: 'GET', url, headers: headersOf(options) });
}

/** The session cookie a response set, as a Cookie header value (`test_uwt=…`). */
export function sessionCookieOf(res: LightMyRequestResponse, prefix = 'test_'): string {
  const cookie = res.cookies.find((c) => c.name === `${prefix}uwt`);
  if (!cookie?.value) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export async function login(
  t: TestApp,
  email: string,
  password: string,
  options: RequestOptions = {},
): Promise<string> {
  const res = await post(t, '/web/user/login', { email, password }, options);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return sessionCookieOf(res);
}

/** A birthday cookie header part for someone born in `value` (YYYY-MM), as the age gate writes it (a year). */
export function birthdayCookie(value: string, prefix = 'test_'): string {
  return `${prefix}birthday=${serializeBirthdayCookie(value, Math.floor(TEST_NOW / 1000) + LAW_COOKIE_TTL_SECONDS)}`;
}

/** The birthday stored on an account. */
export async function storedBirthdayOf(t: TestApp, userId: number): Promise<string | null> {
  const row = await t.database.db
    .selectFrom('user')
    .select('birthday')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.birthday;
}

/** The form of POST /user/register for an installation (wire §3.5), with optional extra fields. */
export const registerBody = (uuid: string, extra: Record<string, string> = {}) => ({
  device: 'Pixel 9',
  locale: 'en_US',
  original_uuid: uuid,
  os_version: '15',
  platform: '2',
  tablet: '0',
  timezone: 'America/Chicago',
  regid: 'push-registration',
  ...extra,
});

export function codeOf(res: LightMyRequestResponse): number {
  return (res.json() as { response_code: number }).response_code;
}
