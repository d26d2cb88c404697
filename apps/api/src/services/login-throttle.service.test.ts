import { ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { FixedClock } from '#src/repositories/clock.repository.ts';
import { delayAfterFailures, LoginThrottle, tooManyAttemptsMessage } from '#src/services/login-throttle.service.ts';
import { refusal } from '#test/services/harness.ts';
import { InMemoryThrottleEventStore } from '#test/services/in-memory-repositories.ts';

const MINUTE = 60_000;
const setup = () => {
  const clock = new FixedClock(Date.UTC(2026, 0, 1));
  const store = new InMemoryThrottleEventStore();
  const throttle = new LoginThrottle(store, (v) => `h(${v})`, clock, {
    failuresBeforeDelay: 3,
    clientFailuresBeforeDelay: 5,
    maxDelayMs: 60_000,
    windowMs: 10 * MINUTE,
  });
  return { clock, store, throttle };
};

describe('delayAfterFailures', () => {
  it('is free up to the limit, then doubles from one second, capped', () => {
    expect([3, 4, 5, 6, 7, 20, 1000].map((n) => delayAfterFailures(n, 3, 60_000))).toEqual([
      0, 1000, 2000, 4000, 8000, 60_000, 60_000,
    ]);
  });
});

describe('tooManyAttemptsMessage', () => {
  it('says seconds, then minutes', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Too many failed attempts. Please try again in 1 second.');
    expect(tooManyAttemptsMessage(90)).toBe('Too many failed attempts. Please try again in 90 seconds.');
    expect(tooManyAttemptsMessage(300)).toBe('Too many failed attempts. Please try again in 5 minutes.');
  });
});

describe('LoginThrottle', () => {
  it('stores hashed keys only', async () => {
    const { store, throttle } = setup();
    await throttle.recordFailure('10.0.0.1', 'a@b.test');
    expect(store.rows.map((r) => r.key).sort()).toEqual(['h(account-client:a@b.test\n10.0.0.1)', 'h(client:10.0.0.1)']);
  });

  it('delays one (account, client) pair with 2002 / 429 and Retry-After, leaving other clients alone', async () => {
    const { clock, throttle } = setup();
    for (let i = 0; i < 4; i++) await throttle.recordFailure('10.0.0.1', 'a@b.test');
    const error = await refusal(throttle.assertAllowed('10.0.0.1', 'a@b.test'));
    expect(error).toMatchObject({
      code: ResponseCode.UserLoginFailed,
      httpStatus: 429,
      retryAfterSeconds: 1,
      message: tooManyAttemptsMessage(1),
    });
    await throttle.assertAllowed('10.0.0.2', 'a@b.test');
    clock.advance(1000);
    await throttle.assertAllowed('10.0.0.1', 'a@b.test');
  });

  it('delays a client on every account past its own limit, and a success forgives only the pair', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 6; i++) await throttle.recordFailure('10.0.0.1', `u${i}@b.test`);
    await refusal(throttle.assertAllowed('10.0.0.1', 'other@b.test'));
    await throttle.recordSuccess('10.0.0.1', 'u0@b.test');
    await refusal(throttle.assertAllowed('10.0.0.1', 'u0@b.test'));
    await throttle.assertAllowed('10.0.0.2', 'u0@b.test');
  });

  it('forgets failures older than the window', async () => {
    const { clock, throttle } = setup();
    for (let i = 0; i < 10; i++) await throttle.recordFailure('10.0.0.1', 'a@b.test');
    await refusal(throttle.assertAllowed('10.0.0.1', 'a@b.test'));
    clock.advance(10 * MINUTE);
    await throttle.assertAllowed('10.0.0.1', 'a@b.test');
  });
});
