import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '#src/db/schema.ts';
import type { NewChapterRow } from '#src/repositories/chapter-alert.repository.ts';
import type { MailMessage } from '#src/repositories/mail.repository.ts';
import {
  isAlertMailDue,
  newChapterBound,
  unsubscribeTokenOf,
  verifyUnsubscribeToken,
} from '#src/rules/chapter-alert.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { ChapterAlertService, type ChapterAlertStore, maskEmail } from '#src/services/chapter-alert.service.ts';
import { TEST_NOW } from '#test/factories.ts';
import { authStub, readerStub, rowFactory } from '#test/services/stubs.ts';

const HOUR = 3_600_000;
const sign = (value: string) => createHmac('sha256', 'unit-test-secret').update(value).digest('base64url');
const safeEqual = (a: string, b: string) => a === b;

const chapter = (overrides: Partial<NewChapterRow> = {}): NewChapterRow => ({
  title_id: 10001,
  title_name_en: 'Blue Harbor',
  title_name_ja: '青い港',
  age_rating: 0,
  episode_id: 200001,
  episode_name_en: 'The Lighthouse',
  episode_name_ja: '灯台',
  start_at: TEST_NOW - HOUR,
  ...overrides,
});

/** The store as the repository behaves: a chapter is claimed once per reader. */
function world(chapters: NewChapterRow[], users: UserRow[]) {
  const claimed = new Map<string, 'pending' | 'sent'>();
  const mails: MailMessage[] = [];
  let failMail = false;
  const key = (userId: number, episodeId: number) => `${userId}:${episodeId}`;
  const alerts: ChapterAlertStore = {
    async listDueAlertReaders() {
      return users
        .filter((u) => u.chapter_alert_mail === 1 && chapters.some((c) => !claimed.has(key(u.id, c.episode_id))))
        .map((u) => ({ user_id: u.id, email: u.email ?? '', locale: u.locale, birthday: u.birthday }));
    },
    async listAlertChapters(userId) {
      return chapters.filter((c) => !claimed.has(key(userId, c.episode_id)));
    },
    async claimAlerts(userId, ids) {
      const fresh = ids.filter((id) => !claimed.has(key(userId, id)));
      for (const id of fresh) claimed.set(key(userId, id), 'pending');
      return fresh;
    },
    async finishAlerts(userId, ids) {
      for (const id of ids) claimed.set(key(userId, id), 'sent');
    },
    async releaseAlerts(userId, ids) {
      for (const id of ids) if (claimed.get(key(userId, id)) === 'pending') claimed.delete(key(userId, id));
    },
    async listNewChapters() {
      return chapters;
    },
    async listMutedTitleIds() {
      return [];
    },
    async updateTitleAlert() {
      return true;
    },
  };
  const service = new ChapterAlertService(
    {
      alerts,
      users: {
        async findUserById(id) {
          return users.find((u) => u.id === id);
        },
        async updateUser(id, patch) {
          Object.assign(users.find((u) => u.id === id) ?? {}, patch);
        },
      },
      mail: {
        async send(message) {
          if (failMail) throw new Error('SMTP down');
          mails.push(message);
          return { id: String(mails.length) };
        },
      },
      ageAccess: { decideTitleAgeAccess: async (reader) => ({ admitted: reader === readerStub.adult }) },
      clock: { now: () => TEST_NOW },
      sign,
      safeEqual,
    },
    { webPublicUrl: 'https://web.example', timeZone: 'Asia/Tokyo' },
  );
  return {
    service,
    mails,
    claimed,
    failNextMail: (fail: boolean) => {
      failMail = fail;
    },
  };
}

describe('chapter-alert rules', () => {
  it('signs a token per account and refuses any other', () => {
    const token = unsubscribeTokenOf(7, sign);
    expect(verifyUnsubscribeToken(token, sign, safeEqual)).toBe(7);
    expect(verifyUnsubscribeToken(token.replace(/^7\./, '8.'), sign, safeEqual)).toBeUndefined();
    expect(verifyUnsubscribeToken(`${token}x`, sign, safeEqual)).toBeUndefined();
    expect(verifyUnsubscribeToken('7.', sign, safeEqual)).toBeUndefined();
    expect(
      verifyUnsubscribeToken(
        unsubscribeTokenOf(7, (v) => sign(`other:${v}`)),
        sign,
        safeEqual,
      ),
    ).toBeUndefined();
  });

  it('mails at most once a day and counts chapters from the later of the follow and the switch', () => {
    expect(isAlertMailDue(null, TEST_NOW)).toBe(true);
    expect(isAlertMailDue(TEST_NOW - 23 * HOUR, TEST_NOW)).toBe(false);
    expect(isAlertMailDue(TEST_NOW - 24 * HOUR, TEST_NOW)).toBe(true);
    expect(newChapterBound(5, null)).toBe(5);
    expect(newChapterBound(5, 9)).toBe(9);
  });

  it('masks an address to its first character and domain', () => {
    expect(maskEmail('reader@example.test')).toBe('r•••@example.test');
    expect(maskEmail('broken')).toBe('•••');
  });
});

describe('ChapterAlertService', () => {
  it('mails each due reader once with the unsubscribe headers, and nothing of a title their age does not admit', async () => {
    const minor = rowFactory.user({ chapter_alert_mail: 1, birthday: '2012-01', locale: 'en' });
    const adult = rowFactory.user({ chapter_alert_mail: 1, birthday: '1990-01', locale: 'ja' });
    const rated = chapter({ title_id: 10002, title_name_en: 'Night Blade', age_rating: 18, episode_id: 200002 });
    const w = world([chapter(), rated], [minor, adult]);

    expect(await w.service.handleSendChapterAlerts()).toBe('success');
    expect(await w.service.handleSendChapterAlerts()).toBe('skipped');
    expect(w.mails.map((m) => m.to)).toEqual([minor.email, adult.email]);
    const [toMinor, toAdult] = w.mails;
    expect(toMinor?.subject).toBe('New chapter: Blue Harbor');
    expect(toMinor?.text).not.toContain('Night Blade');
    expect(toAdult?.subject).toBe('フォロー中の作品に新着話が2件あります');
    expect(toMinor?.headers).toEqual({
      'List-Unsubscribe': `<https://web.example/mail/unsubscribe?token=${encodeURIComponent(unsubscribeTokenOf(minor.id, sign))}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('drops the claims of a mail that failed, so that the next run sends it', async () => {
    const reader = rowFactory.user({ chapter_alert_mail: 1 });
    const w = world([chapter()], [reader]);
    w.failNextMail(true);
    expect(await w.service.handleSendChapterAlerts()).toBe('failed');
    expect(w.claimed.size).toBe(0);
    w.failNextMail(false);
    expect(await w.service.handleSendChapterAlerts()).toBe('success');
    expect(w.mails).toHaveLength(1);
  });

  it('unsubscribes by token only, and refuses a forged one with 400 changing nothing', async () => {
    const reader = rowFactory.user({ chapter_alert_mail: 1 });
    const w = world([], [reader]);
    const forged = `${reader.id}.${'A'.repeat(43)}`;
    await expect(w.service.unsubscribe(forged)).rejects.toMatchObject({ code: 1001, httpStatus: 400 });
    expect(reader.chapter_alert_mail).toBe(1);
    const token = unsubscribeTokenOf(reader.id, sign);
    expect(await w.service.readUnsubscribe(token)).toMatchObject({ chapter_alert_mail: 1 });
    expect(await w.service.unsubscribe(token)).toMatchObject({ chapter_alert_mail: 0 });
    expect(reader.chapter_alert_mail).toBe(0);
  });

  it('turns the mail on from now, in the language asked, for registered accounts only', async () => {
    const reader = rowFactory.user();
    const w = world([], [reader]);
    expect(await w.service.setMail(authStub.web(reader), 1, 'en')).toMatchObject({ chapter_alert_mail: 1 });
    expect(reader).toMatchObject({ chapter_alert_from: TEST_NOW, locale: 'en' });
    const appUser = rowFactory.user({ email: null });
    const other = world([], [appUser]);
    await expect(other.service.setMail(authStub.web(appUser), 1, 'en')).rejects.toBeInstanceOf(DomainError);
  });

  it('shows in the bell only chapters of titles the reader may open', async () => {
    const reader = rowFactory.user();
    const rated = chapter({ title_id: 10002, age_rating: 18, episode_id: 200002 });
    const w = world([chapter(), rated], [reader]);
    const forMinor = await w.service.listNewChapters(authStub.web(reader), readerStub.minor, 'en');
    expect(forMinor.new_chapter_list.map((c) => c.episode_id)).toEqual([200001]);
    const forAdult = await w.service.listNewChapters(authStub.web(reader), readerStub.adult, 'ja');
    expect(forAdult.new_chapter_num).toBe(2);
    expect(forAdult.new_chapter_list[0]).toMatchObject({ title_name: '青い港', episode_name: '灯台' });
  });
});
