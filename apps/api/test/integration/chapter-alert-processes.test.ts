// New-chapter alerts across processes (issue 28, ADR 065): two real API processes (src/main.ts, the
// scheduler on, a one-second slot) on one database race for every SendChapterAlerts run while a
// chapter is released by the clock; each of two followers gets exactly one mail listing it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrlOf } from '#test/commerce.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '#test/db.ts';
import { insertEpisode, insertTitle, insertUser } from '#test/factories.ts';
import { type ApiProcess, startApiProcess } from '#test/fault-api.ts';
import { startSmtpServer, type TestSmtpServer } from '#test/smtp.ts';

let database: TestDatabase;
let smtp: TestSmtpServer;
const apis: ApiProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await Promise.all(apis.map((api) => api.stop()));
  await smtp.close();
  await database.close();
});

describe(`chapter alerts from two API processes (${testDialect()})`, () => {
  it('mails each follower once although both processes run the job', async () => {
    const { db } = database;
    const now = Date.now();
    const title = await insertTitle(db, { published_at: now - 3_600_000 });
    const readers = await Promise.all(
      ['en', 'ja'].map((locale) =>
        insertUser(db, {
          locale,
          chapter_alert_mail: 1,
          chapter_alert_from: now - 3_600_000,
        }),
      ),
    );
    for (const reader of readers) {
      await db
        .insertInto('favorite_title')
        .values({ user_id: reader.id, title_id: title.id, created_at: now - 3_600_000 })
        .execute();
    }
    const { url } = await databaseUrlOf(database);
    const env = {
      MANGA_DATABASE_URL: url,
      MANGA_JOBS_ENABLED: 'true',
      MANGA_JOB_LEASE_SECONDS: '2',
      MANGA_CHAPTER_ALERT_INTERVAL_SECONDS: '1',
      MANGA_SMTP_URL: smtp.url,
      MANGA_MAIL_LINK_SECRET: 'the-same-secret-on-every-host',
    };
    // One after the other: two tsx start-ups at once on a busy machine outlast startApiProcess's wait.
    apis.push(await startApiProcess(env));
    apis.push(await startApiProcess(env));
    // Released by the clock once both processes run their timers.
    const chapter = await insertEpisode(db, { title_id: title.id, start_at: Date.now() + 1_500 });

    const mails = await Promise.all(readers.map((reader) => smtp.takeMail(reader.email ?? '')));
    for (const mail of mails) expect(mail.text).toContain(`/episode/${chapter.id}`);
    // Several more slots pass with both processes trying each one: no second mail.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    for (const reader of readers) {
      expect(smtp.messages.filter((m) => m.to.includes(reader.email ?? ''))).toHaveLength(1);
    }
    // Every slot was tried by both processes (the one whose timer fires first in a slot claims it).
    for (const api of apis) expect(api.alive()).toBe(true);
    expect(await db.selectFrom('chapter_alert').select(['user_id', 'status']).orderBy('user_id').execute()).toEqual(
      readers.map((reader) => ({ user_id: reader.id, status: 'sent' })),
    );
  }, 300_000);
});
