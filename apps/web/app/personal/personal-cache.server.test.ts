import { describe, expect, it } from 'vitest';
import {
  ANSWERS_PER_SESSION,
  KEPT_PERSONAL_KINDS,
  keptReaderOf,
  keptUntilOf,
  PersonalAnswerCache,
} from './personal-cache.server.ts';
import type { PersonalData, PersonalTitle } from './personal-data.ts';

const MAX_AGE_MS = 300_000;

/** An answer nothing in which ends by the clock. */
const kept = (text: string) => ({ text, until: Number.POSITIVE_INFINITY });

function setup(maxSessions = 10) {
  let now = 1_000_000;
  const cache = new PersonalAnswerCache({ maxSessions, maxAgeMs: MAX_AGE_MS, now: () => now });
  return {
    cache,
    advance: (ms: number) => {
      now += ms;
    },
    reader: (id: number, sessionEndsAt = now + 86_400_000) => ({ id, sessionEndsAt }),
  };
}

describe('PersonalAnswerCache', () => {
  it("gives a session's answer for its key and revision only", () => {
    const s = setup();
    s.cache.keep('token-a', 'top|en', 4, s.reader(1), kept('{"a":1}'), s.cache.mark());
    expect(s.cache.find('token-a', 'top|en', 4)).toBe('{"a":1}');
    expect(s.cache.find('token-a', 'top|ja', 4)).toBeUndefined();
    expect(s.cache.find('token-a', 'top|en', 5)).toBeUndefined();
    expect(s.cache.find('token-b', 'top|en', 4)).toBeUndefined();
  });

  it('forgets every session of a reader the API names, and no one else', () => {
    const s = setup();
    s.cache.keep('phone', 'top', 1, s.reader(1), kept('one on the phone'), s.cache.mark());
    s.cache.keep('laptop', 'top', 1, s.reader(1), kept('one on the laptop'), s.cache.mark());
    s.cache.keep('other', 'top', 1, s.reader(2), kept('two'), s.cache.mark());
    s.cache.forget([1]);
    expect(s.cache.find('phone', 'top', 1)).toBeUndefined();
    expect(s.cache.find('laptop', 'top', 1)).toBeUndefined();
    expect(s.cache.find('other', 'top', 1)).toBe('two');
    s.cache.forget('all');
    expect(s.cache.find('other', 'top', 1)).toBeUndefined();
    expect(s.cache.size).toBe(0);
  });

  it('never keeps an answer asked before its reader was forgotten (a write raced it)', () => {
    const s = setup();
    const askedAt = s.cache.mark();
    s.cache.forget([1]);
    s.cache.keep('token', 'top', 1, s.reader(1), kept('from before the write'), askedAt);
    expect(s.cache.find('token', 'top', 1)).toBeUndefined();
    // Another reader's forgetting does not matter; an answer asked after it is kept.
    s.cache.keep('token-2', 'top', 1, s.reader(2), kept('two'), askedAt);
    expect(s.cache.find('token-2', 'top', 1)).toBe('two');
    s.cache.keep('token', 'top', 1, s.reader(1), kept('after the write'), s.cache.mark());
    expect(s.cache.find('token', 'top', 1)).toBe('after the write');
    // Everyone forgotten: nothing asked before is kept.
    const beforeAll = s.cache.mark();
    s.cache.forget('all');
    s.cache.keep('token-3', 'top', 1, s.reader(3), kept('three'), beforeAll);
    expect(s.cache.find('token-3', 'top', 1)).toBeUndefined();
  });

  it('refuses what it no longer remembers the forgetting of (the floor)', () => {
    const s = setup();
    const askedAt = s.cache.mark();
    // Far more readers forgotten than remembered: reader 1's forgetting is among those let go.
    s.cache.forget([1]);
    s.cache.forget(Array.from({ length: 10_001 }, (_, n) => n + 100));
    s.cache.keep('token', 'top', 1, s.reader(1), kept('from before the write'), askedAt);
    expect(s.cache.find('token', 'top', 1)).toBeUndefined();
  });

  it('stops giving an answer when the session ends or the answer is older than maxAgeMs', () => {
    const s = setup();
    s.cache.keep('short', 'top', 1, s.reader(1, 1_000_000 + 60_000), kept('short'), s.cache.mark());
    s.cache.keep('long', 'top', 1, s.reader(2), kept('long'), s.cache.mark());
    s.advance(60_000);
    expect(s.cache.find('short', 'top', 1)).toBeUndefined();
    expect(s.cache.find('long', 'top', 1)).toBe('long');
    s.advance(MAX_AGE_MS - 60_000);
    expect(s.cache.find('long', 'top', 1)).toBeUndefined();
  });

  it('drops the session kept longest ago beyond maxSessions, and keeps nothing at 0', () => {
    const s = setup(2);
    s.cache.keep('a', 'top', 1, s.reader(1), kept('a'), s.cache.mark());
    s.cache.keep('b', 'top', 1, s.reader(2), kept('b'), s.cache.mark());
    s.cache.keep('c', 'top', 1, s.reader(3), kept('c'), s.cache.mark());
    expect(s.cache.find('a', 'top', 1)).toBeUndefined();
    expect(s.cache.find('c', 'top', 1)).toBe('c');
    expect(s.cache.size).toBe(2);
    const off = setup(0);
    expect(off.cache.enabled).toBe(false);
    off.cache.keep('a', 'top', 1, off.reader(1), kept('a'), off.cache.mark());
    expect(off.cache.find('a', 'top', 1)).toBeUndefined();
  });

  it('forgets the reader of a session changing something here, and a session it never kept', () => {
    const s = setup();
    s.cache.keep('phone', 'top', 1, s.reader(1), kept('phone'), s.cache.mark());
    s.cache.keep('laptop', 'top', 1, s.reader(1), kept('laptop'), s.cache.mark());
    const askedAt = s.cache.mark();
    s.cache.forgetSession('phone');
    expect(s.cache.find('laptop', 'top', 1)).toBeUndefined();
    s.cache.keep('phone', 'top', 1, s.reader(1), kept('raced'), askedAt);
    expect(s.cache.find('phone', 'top', 1)).toBeUndefined();
    s.cache.forgetSession('never-kept');
    expect(s.cache.size).toBe(0);
  });

  it('stops giving an answer at its own end (a premium ticket expires), and keeps none already ended', () => {
    const s = setup();
    s.cache.keep(
      'token',
      'title/1',
      1,
      s.reader(1),
      { text: 'until a minute', until: 1_000_000 + 60_000 },
      s.cache.mark(),
    );
    s.advance(59_999);
    expect(s.cache.find('token', 'title/1', 1)).toBe('until a minute');
    s.advance(1);
    expect(s.cache.find('token', 'title/1', 1)).toBeUndefined();
    s.cache.keep('token', 'title/2', 1, s.reader(1), { text: 'ended', until: 1_000_000 + 60_000 }, s.cache.mark());
    expect(s.cache.find('token', 'title/2', 1)).toBeUndefined();
    s.cache.keep('token', 'title/3', 1, s.reader(1), { text: 'never', until: 0 }, s.cache.mark());
    expect(s.cache.find('token', 'title/3', 1)).toBeUndefined();
  });

  it(`keeps ${ANSWERS_PER_SESSION} answers per session, the oldest kept dropped first`, () => {
    const s = setup();
    for (let n = 0; n <= ANSWERS_PER_SESSION; n++) {
      s.cache.keep('token', `title/${n}`, 1, s.reader(1), kept(`answer ${n}`), s.cache.mark());
    }
    expect(s.cache.find('token', 'title/0', 1)).toBeUndefined();
    expect(s.cache.find('token', 'title/1', 1)).toBe('answer 1');
    expect(s.cache.find('token', `title/${ANSWERS_PER_SESSION}`, 1)).toBe(`answer ${ANSWERS_PER_SESSION}`);
    // Kept again: the newest, so the next one drops title/2 instead.
    s.cache.keep('token', 'title/1', 1, s.reader(1), kept('answer 1 again'), s.cache.mark());
    s.cache.keep('token', 'title/next', 1, s.reader(1), kept('next'), s.cache.mark());
    expect(s.cache.find('token', 'title/1', 1)).toBe('answer 1 again');
    expect(s.cache.find('token', 'title/2', 1)).toBeUndefined();
  });

  it('gives a session reused by another reader nothing of the first', () => {
    const s = setup();
    s.cache.keep('token', 'top', 1, s.reader(1), kept('one'), s.cache.mark());
    s.cache.keep('token', 'my', 1, s.reader(2), kept('two'), s.cache.mark());
    expect(s.cache.find('token', 'top', 1)).toBeUndefined();
    expect(s.cache.find('token', 'my', 1)).toBe('two');
    s.cache.forget([1]);
    expect(s.cache.find('token', 'my', 1)).toBe('two');
  });
});

describe('keptReaderOf', () => {
  it('reads the API header, and nothing else', () => {
    expect(keptReaderOf('42;1767225600000')).toEqual({ id: 42, sessionEndsAt: 1_767_225_600_000 });
    for (const bad of [undefined, null, '', '42', '0;5', '-1;5', 'a;5', '42;5;6', '42; 5', '1234567890123456;1']) {
      expect(keptReaderOf(bad)).toBeUndefined();
    }
  });
});

describe('keptUntilOf', () => {
  const title = (changes: Partial<PersonalTitle> = {}): PersonalData => ({
    kind: 'title',
    path: '/title/10001',
    data: {
      following: false,
      alert: undefined,
      episodes: {
        '1': { access: { kind: 'free' }, isViewed: false, isViewedLastPage: false },
        '2': { access: { kind: 'purchased' }, isViewed: true, isViewedLastPage: true },
        '3': { access: { kind: 'paid', point: 40, ticket: true }, isViewed: false, isViewedLastPage: false },
      },
      tickets: { owned: 1, premiumOwned: 2, nextAt: undefined },
      continueReading: undefined,
      renderedAt: '2026-11-28T00:00:00.000Z',
      ...changes,
    },
  });

  it('keeps a title answer until the API says it changes by the clock, or while nothing moves it', () => {
    expect(keptUntilOf(title(), 1_234)).toBe(1_234);
    expect(keptUntilOf(title(), undefined)).toBe(Number.POSITIVE_INFINITY);
    expect(keptUntilOf({ kind: 'top', path: '/', data: { history: [] } }, undefined)).toBe(Number.POSITIVE_INFINITY);
  });

  it("keeps /my's answer until the API says it changes by the clock (ADR 083), and keeps it at all", () => {
    expect(keptUntilOf({ kind: 'my', path: '/my', data: {} as never }, 5_678)).toBe(5_678);
    expect(KEPT_PERSONAL_KINDS.has('my')).toBe(true);
  });

  it('never keeps an answer showing a countdown (drawn at its own moment)', () => {
    const rented = title({
      episodes: {
        '1': {
          access: { kind: 'rented', left: { unit: 'hours', count: 3 }, until: '2026-11-28T03:00:00.000Z' },
          isViewed: false,
          isViewedLastPage: false,
        },
      },
    });
    expect(keptUntilOf(rented, undefined)).toBe(0);
    const recovering = title({ tickets: { owned: 0, premiumOwned: 0, nextAt: '2026-11-29T00:00:00.000Z' } });
    expect(keptUntilOf(recovering, undefined)).toBe(0);
  });
});
