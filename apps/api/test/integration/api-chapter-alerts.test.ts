// New-chapter alerts (issue 28, ADR 065) through the API on a real database and a real SMTP server:
// the mail switch, the SendChapterAlerts job (released by the clock, once per chapter and reader even
// with two job runners at once, one mail a day, nothing of an age-rated title the reader may not
// open, List-Unsubscribe headers), the no-login unsubscribe with a signed token, and the bell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailRepository } from '#src/repositories/mail.repository.ts';
import { codeOf, createAccount, get, login, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialect } from '#test/db.ts';
import { insertEpisode, insertTitle, TEST_NOW } from '#test/factories.ts';
import { startSmtpServer, type TestSmtpServer } from '#test/smtp.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let other: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  const mail = () => new SmtpMailRepository(smtp.url, 'alerts@manga.test');
  t = await createTestApp({}, undefined, { mail: mail() });
  // A second API on the same database and clock value: two job runners at once.
  other = await createTestApp({ mailLinkSecret: t.config.mailLinkSecret }, t.database, { mail: mail() });
});
afterAll(async () => {
  await other.close();
  await t.close();
  await smtp.close();
});

const alerts = () => t.app.container.services.chapterAlerts;
const userRow = (id: number) =>
  t.database.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

async function reader(birthday: string | null, lang: 'en' | 'ja') {
  const account = await createAccount(t, { birthday });
  const cookie = await login(t, account.email ?? '', account.password);
  return { account, cookie, lang };
}

async function follow(r: Awaited<ReturnType<typeof reader>>, titleId: number) {
  expect(codeOf(await post(t, '/favorite/add', { title_id: String(titleId) }, { cookie: r.cookie }))).toBe(0);
}

async function runBoth() {
  other.clock.set(t.clock.now());
  return Promise.all([
    alerts().handleSendChapterAlerts(),
    other.app.container.services.chapterAlerts.handleSendChapterAlerts(),
  ]);
}

describe(`new-chapter alerts (${testDialect()})`, () => {
  it('mails each follower once, when the schedule releases the chapter, in their language, never an age-rated title they may not open', async () => {
    const title = await insertTitle(t.database.db, { name_en: 'Blue Harbor', name_ja: '青い港' });
    const rated = await insertTitle(t.database.db, { name_en: 'Night Blade', name_ja: '夜の刃', age_rating: 18 });
    const minor = await reader('2012-01', 'en'); // 13 or 14 at TEST_NOW: may not open an 18 title
    const adult = await reader('1990-05', 'ja');
    for (const r of [minor, adult]) {
      await follow(r, title.id);
      await follow(r, rated.id);
      const on = await post(
        t,
        `/user/chapter_alert_mail?lang=${r.lang}`,
        { chapter_alert_mail: '1' },
        { cookie: r.cookie },
      );
      expect(on.json()).toMatchObject({ chapter_alert_mail: 1, alert_off_title_list: [] });
    }
    const chapter = await insertEpisode(t.database.db, {
      title_id: title.id,
      start_at: TEST_NOW + HOUR,
      name_en: 'The Lighthouse',
      name_ja: '灯台',
    });
    const ratedChapter = await insertEpisode(t.database.db, { title_id: rated.id, start_at: TEST_NOW + HOUR });

    // Not released yet: nothing is due, nothing is sent.
    expect(await alerts().hasDueAlerts()).toBe(false);
    expect(await runBoth()).toEqual(['skipped', 'skipped']);
    expect(smtp.messages).toHaveLength(0);

    t.clock.set(TEST_NOW + 2 * HOUR);
    expect(await alerts().hasDueAlerts()).toBe(true);
    // The two runners may share the readers out between them; each reader gets one mail.
    expect(await runBoth()).toContain('success');
    const minorMail = await smtp.takeMail(minor.account.email ?? '');
    const adultMail = await smtp.takeMail(adult.account.email ?? '');
    expect(mailsTo(minor.account.email ?? '')).toHaveLength(1);
    expect(mailsTo(adult.account.email ?? '')).toHaveLength(1);

    expect(minorMail.subject).toBe('New chapter: Blue Harbor');
    expect(minorMail.text).toContain('Blue Harbor — The Lighthouse');
    expect(minorMail.text).toContain(`http://web.test/title/${title.id}/episode/${chapter.id}`);
    expect(minorMail.text).not.toContain('Night Blade');
    expect(minorMail.text).not.toContain(`/episode/${ratedChapter.id}`);
    expect(adultMail.subject).toBe('フォロー中の作品に新着話が2件あります');
    expect(adultMail.text).toContain('青い港　灯台');
    expect(adultMail.text).toContain('夜の刃');

    // RFC 8058 one-click headers, pointing at the web page of the link in the text.
    const unsubscribeUrl = /https?:\/\/\S*\/mail\/unsubscribe\?token=\S+/.exec(minorMail.text)?.[0] ?? '';
    expect(unsubscribeUrl).not.toBe('');
    const head = minorMail.raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(head).toContain(`List-Unsubscribe: <${unsubscribeUrl}>`);

    const sent = await t.database.db
      .selectFrom('chapter_alert')
      .select(['user_id', 'episode_id', 'status'])
      .orderBy('user_id')
      .orderBy('episode_id')
      .execute();
    expect(sent).toEqual(
      [
        { user_id: minor.account.id, episode_id: chapter.id, status: 'sent' },
        { user_id: adult.account.id, episode_id: chapter.id, status: 'sent' },
        { user_id: adult.account.id, episode_id: ratedChapter.id, status: 'sent' },
      ].sort((a, b) => a.user_id - b.user_id || a.episode_id - b.episode_id),
    );

    // Run again: nothing new. A chapter out an hour later waits for the next day's mail.
    expect(await runBoth()).toEqual(['skipped', 'skipped']);
    const later = await insertEpisode(t.database.db, { title_id: title.id, start_at: TEST_NOW + 3 * HOUR });
    t.clock.set(TEST_NOW + 4 * HOUR);
    expect(await runBoth()).toEqual(['skipped', 'skipped']);
    expect(smtp.messages).toHaveLength(2);
    t.clock.set(TEST_NOW + 2 * HOUR + DAY);
    expect(await runBoth()).toContain('success');
    const next = await smtp.takeMail(minor.account.email ?? '');
    expect(next.text).toContain(`/episode/${later.id}`);
    expect(next.text).not.toContain(`/episode/${chapter.id}`);
    await smtp.takeMail(adult.account.email ?? '');
    expect(smtp.messages).toHaveLength(4);

    // A muted title is left out; a title the reader does not follow cannot be muted.
    expect(
      (
        await post(t, '/favorite/alert', { title_id: String(title.id), alert_mail: '0' }, { cookie: minor.cookie })
      ).json(),
    ).toMatchObject({ chapter_alert_mail: 1, alert_off_title_list: [title.id] });
    const stranger = await insertTitle(t.database.db);
    const notFollowed = await post(
      t,
      '/favorite/alert',
      { title_id: String(stranger.id), alert_mail: '0' },
      { cookie: minor.cookie },
    );
    expect(codeOf(notFollowed)).toBe(3000);
    await insertEpisode(t.database.db, { title_id: title.id, start_at: TEST_NOW + 2 * DAY });
    t.clock.set(TEST_NOW + 4 * DAY);
    await runBoth();
    expect(mailsTo(minor.account.email ?? '')).toHaveLength(2);
    expect(mailsTo(adult.account.email ?? '')).toHaveLength(3);
  });

  it('unsubscribes with the link alone, and refuses a forged or tampered token changing nothing', async () => {
    const title = await insertTitle(t.database.db);
    const r = await reader(null, 'en');
    const victim = await reader(null, 'en');
    for (const x of [r, victim]) {
      await follow(x, title.id);
      await post(t, '/user/chapter_alert_mail', { chapter_alert_mail: '1' }, { cookie: x.cookie });
    }
    await insertEpisode(t.database.db, { title_id: title.id, start_at: t.clock.now() + HOUR });
    t.clock.set(t.clock.now() + 2 * HOUR);
    await runBoth();
    const mail = await smtp.takeMail(r.account.email ?? '');
    await smtp.takeMail(victim.account.email ?? '');
    const link = new URL(/https?:\/\/\S*\/mail\/unsubscribe\?token=\S+/.exec(mail.text)?.[0] ?? '');
    const token = link.searchParams.get('token') ?? '';
    const [, signature] = token.split('.');

    const forged = [
      `${victim.account.id}.${signature}`, // another account with this account's signature
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, // one character changed
      'garbage',
      `${r.account.id}.`,
    ];
    for (const bad of forged) {
      for (const res of [
        await get(t, `/mail/unsubscribe?token=${encodeURIComponent(bad)}`),
        await post(t, '/mail/unsubscribe', { token: bad }),
      ]) {
        expect(res.statusCode, bad).toBe(400);
        expect(codeOf(res)).toBe(1001);
      }
    }
    expect((await userRow(r.account.id)).chapter_alert_mail).toBe(1);
    expect((await userRow(victim.account.id)).chapter_alert_mail).toBe(1);

    // GET only shows what the link does; POST (no cookie, no login) does it.
    const shown = await get(t, `/mail/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ chapter_alert_mail: 1, email: expect.stringMatching(/^u•••@example\.test$/) });
    expect((await userRow(r.account.id)).chapter_alert_mail).toBe(1);
    const done = await post(t, '/mail/unsubscribe', { token });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ chapter_alert_mail: 0 });
    expect((await userRow(r.account.id)).chapter_alert_mail).toBe(0);
    expect((await userRow(victim.account.id)).chapter_alert_mail).toBe(1);
    expect((await post(t, '/mail/unsubscribe', { token })).statusCode).toBe(200);

    // No more mail for the unsubscribed reader.
    await insertEpisode(t.database.db, { title_id: title.id, start_at: t.clock.now() + HOUR });
    t.clock.set(t.clock.now() + 2 * DAY);
    await runBoth();
    await smtp.takeMail(victim.account.email ?? '');
    expect(mailsTo(r.account.email ?? '')).toHaveLength(1);
  });

  it('lists new chapters of followed titles in the bell until it is opened, never an age-rated one the reader may not open', async () => {
    const start = t.clock.now();
    const title = await insertTitle(t.database.db, { name_en: 'Bell Tower', name_ja: '鐘楼' });
    const rated = await insertTitle(t.database.db, { age_rating: 18 });
    const r = await reader('2012-01', 'ja');
    await follow(r, title.id);
    await follow(r, rated.id);
    // Released before the follow: not new.
    await insertEpisode(t.database.db, { title_id: title.id, start_at: start - HOUR });
    const fresh = await insertEpisode(t.database.db, { title_id: title.id, start_at: start + HOUR, name_ja: '新章' });
    await insertEpisode(t.database.db, { title_id: rated.id, start_at: start + HOUR });
    await insertEpisode(t.database.db, { title_id: title.id, start_at: start + 5 * HOUR }); // not out yet
    t.clock.set(start + 2 * HOUR);

    expect(codeOf(await get(t, '/user/new_chapters'))).toBe(2011);
    const bell = await get(t, '/user/new_chapters?lang=ja', { cookie: r.cookie });
    expect(bell.json()).toMatchObject({
      new_chapter_num: 1,
      new_chapter_list: [{ title_id: title.id, title_name: '鐘楼', episode_id: fresh.id, episode_name: '新章' }],
    });
    expect((await post(t, '/user/new_chapters/seen', {}, { cookie: r.cookie })).json()).toMatchObject({
      new_chapter_num: 0,
    });
    expect((await get(t, '/user/new_chapters', { cookie: r.cookie })).json()).toMatchObject({
      new_chapter_num: 0,
      new_chapter_list: [],
    });
    t.clock.set(start + 6 * HOUR);
    expect((await get(t, '/user/new_chapters', { cookie: r.cookie })).json()).toMatchObject({ new_chapter_num: 1 });
  });
});
