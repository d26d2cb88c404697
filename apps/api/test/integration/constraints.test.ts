// Keys, foreign keys and defaults the services rely on, checked on the dialect under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '#test/db.ts';
import { factory, insertEpisode, insertGenre, insertPage, insertTitle, insertUser, TEST_NOW } from '#test/factories.ts';

describe(`schema constraints (${testDialect()})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('fills the documented defaults', async () => {
    const user = await insertUser(database.db);
    expect(user).toMatchObject({ status: 'active', locale: 'ja', region: 'JP', charge_type: 1, opt_out_ads: 0 });
    const title = await insertTitle(database.db);
    expect(title).toMatchObject({ name_kana: '', publish_category: 1, episode_order: 1, free_until_at: null });
    const episode = await insertEpisode(database.db, { title_id: title.id });
    expect(episode).toMatchObject({ point: 0, viewing_direction: 1, page_count: 0, comment_num: 0 });
    const job = await database.db
      .insertInto('job')
      .values({ name: 'BuildPageDerivatives', run_at: TEST_NOW, created_at: TEST_NOW })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ payload: '{}', status: 'queued', priority: 0, attempts: 0, last_error: '' });
  });

  it('round-trips epoch milliseconds and u32 scramble seeds as numbers', async () => {
    const title = await insertTitle(database.db, { published_at: Date.UTC(2100, 0, 1) });
    const episode = await insertEpisode(database.db, { title_id: title.id, scramble_seed: 4_294_967_295 });
    expect(title.published_at).toBe(Date.UTC(2100, 0, 1));
    expect(episode.scramble_seed).toBe(4_294_967_295);
    const read = await database.db
      .selectFrom('episode')
      .select(['scramble_seed', 'start_at'])
      .where('id', '=', episode.id)
      .executeTakeFirstOrThrow();
    expect(read).toEqual({ scramble_seed: 4_294_967_295, start_at: episode.start_at });
  });

  it('enforces foreign keys', async () => {
    await expect(
      database.db
        .insertInto('episode')
        .values(factory.episode({ title_id: 99_999 }))
        .execute(),
    ).rejects.toThrow();
  });

  it('deletes the episodes, pages and genre links of a deleted title', async () => {
    const title = await insertTitle(database.db);
    const genre = await insertGenre(database.db);
    await database.db.insertInto('title_genre').values({ title_id: title.id, genre_id: genre.id }).execute();
    const episode = await insertEpisode(database.db, { title_id: title.id });
    await insertPage(database.db, { episode_id: episode.id });

    await database.db.deleteFrom('title').where('id', '=', title.id).execute();

    expect(await database.db.selectFrom('episode').select('id').where('title_id', '=', title.id).execute()).toEqual([]);
    expect(await database.db.selectFrom('page').select('id').where('episode_id', '=', episode.id).execute()).toEqual(
      [],
    );
    expect(
      await database.db.selectFrom('title_genre').select('genre_id').where('title_id', '=', title.id).execute(),
    ).toEqual([]);
    expect(await database.db.selectFrom('genre').select('id').where('id', '=', genre.id).execute()).toHaveLength(1);
  });

  it('refuses to delete an episode that was sold, and sells it once per user', async () => {
    const user = await insertUser(database.db);
    const title = await insertTitle(database.db);
    const episode = await insertEpisode(database.db, { title_id: title.id, point: 30 });
    const purchase = { user_id: user.id, episode_id: episode.id, title_id: title.id, price: 30, created_at: TEST_NOW };
    await database.db.insertInto('purchase').values(purchase).execute();

    await expect(database.db.insertInto('purchase').values(purchase).execute()).rejects.toThrow();
    await expect(database.db.deleteFrom('episode').where('id', '=', episode.id).execute()).rejects.toThrow();
  });

  it('keeps e-mail addresses unique while allowing many users without one', async () => {
    const user = await insertUser(database.db);
    await expect(insertUser(database.db, { email: user.email })).rejects.toThrow();
    await insertUser(database.db, { email: null });
    await insertUser(database.db, { email: null });
    const withoutEmail = await database.db.selectFrom('user').select('id').where('email', 'is', null).execute();
    expect(withoutEmail.length).toBeGreaterThanOrEqual(2);
  });

  it('numbers pages once per episode', async () => {
    const title = await insertTitle(database.db);
    const episode = await insertEpisode(database.db, { title_id: title.id });
    await insertPage(database.db, { episode_id: episode.id, page_number: 1 });
    await expect(insertPage(database.db, { episode_id: episode.id, page_number: 1 })).rejects.toThrow();
  });

  it('clears optional catalogue links when their target is deleted', async () => {
    await database.db.insertInto('magazine_category').values({ id: 7, name_en: 'Weekly', name_ja: '週刊' }).execute();
    const title = await insertTitle(database.db, { magazine_category_id: 7 });
    await database.db.deleteFrom('magazine_category').where('id', '=', 7).execute();
    const read = await database.db
      .selectFrom('title')
      .select('magazine_category_id')
      .where('id', '=', title.id)
      .executeTakeFirstOrThrow();
    expect(read.magazine_category_id).toBeNull();
  });

  it('accepts one credit per ledger idempotency key', async () => {
    const user = await insertUser(database.db);
    const credit = {
      user_id: user.id,
      kind: 'paid' as const,
      delta: 100,
      remaining: 100,
      reason: 'purchase',
      idempotency_key: `payment-event-${user.id}`,
      created_at: TEST_NOW,
    };
    await database.db.insertInto('point_ledger').values(credit).execute();
    await expect(database.db.insertInto('point_ledger').values(credit).execute()).rejects.toThrow();
    const inserted = await database.db
      .insertInto('point_ledger')
      .values({ ...credit, idempotency_key: null })
      .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
      .returning('id')
      .execute();
    expect(inserted).toHaveLength(1);
  });
});
