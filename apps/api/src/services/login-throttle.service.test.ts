import { ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { FixedClock } from '#src/repositories/clock.repository.ts';
import { LoginThrottle, tooManyAttemptsMessage } from '#src/services/login-throttle.service.ts';
import { deviceNameOf } from '#src/services/session.service.ts';
import { refusal } from '#test/services/harness.ts';
import { InMemoryLoginFailureStore } from '#test/services/in-memory-repositories.ts';

const MINUTE = 60_000;
const setup = () => {
  const clock = new FixedClock(Date.UTC(2026, 0, 1));
  const store = new InMemoryLoginFailureStore();
  const throttle = new LoginThrottle(store, (v) => `h(${v})`, clock, {
    maxFailuresPerAccount: 3,
    maxFailuresPerIp: 5,
    windowMs: 10 * MINUTE,
  });
  return { clock, store, throttle };
};

describe('LoginThrottle', () => {
  it('stores hashed keys only', async () => {
    const { store, throttle } = setup();
    await throttle.recordFailure('10.0.0.1', 'a@b.test');
    expect(store.rows.map((r) => r.key).sort()).toEqual(['h(account:a@b.test)', 'h(ip:10.0.0.1)']);
  });

  it('refuses with 2002 / 429 at the account limit and counts down the minutes', async () => {
    const { clock, throttle } = setup();
    for (let i = 0; i < 3; i++) await throttle.recordFailure(`10.0.0.${i}`, 'a@b.test');
    const error = await refusal(throttle.assertAllowed('10.0.0.9', 'a@b.test'));
    expect(error).toMatchObject({
      code: ResponseCode.UserLoginFailed,
      httpStatus: 429,
      message: tooManyAttemptsMessage(10),
    });
    clock.advance(9 * MINUTE + 1);
    expect((await refusal(throttle.assertAllowed('10.0.0.9', 'a@b.test'))).message).toBe(
      'Too many failed login attempts. Please try again in 1 minute.',
    );
    clock.advance(MINUTE);
    await throttle.assertAllowed('10.0.0.9', 'a@b.test');
  });

  it('refuses at the IP limit for any account, and a success clears only the account', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 5; i++) await throttle.recordFailure('10.0.0.1', `u${i}@b.test`);
    await refusal(throttle.assertAllowed('10.0.0.1', 'other@b.test'));
    await throttle.assertAllowed('10.0.0.2', 'u0@b.test');
    await throttle.recordSuccess('u0@b.test');
    await refusal(throttle.assertAllowed('10.0.0.1', 'u0@b.test'));
  });
});

describe('deviceNameOf', () => {
  it.each([
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 Chrome/130.0 Safari/537.36', 'Chrome on macOS'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Gecko/20100101 Firefox/131.0', 'Firefox on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/130.0 Safari/537.36 Edg/130.0', 'Edge on Windows'],
    ['okhttp/4.9.2', 'Android app'],
    ['', 'Unknown device'],
  ])('%s → %s', (agent, name) => expect(deviceNameOf(agent)).toBe(name));
});
