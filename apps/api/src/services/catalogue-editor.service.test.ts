// CatalogueEditorService's own rules on the real TitleEditorRepository (a migrated test database): the
// one access check before anything is read, a new title takes the next free five-digit id and starts
// unpublished, unknown genres or magazines are refused before anything is written, a change is audited
// with only the fields that changed, publishing twice is one change, and a chapter's release may not be
// moved into the past nor its free window end before it starts.
import { AuditAction, AuditTarget, type EditorTitleFields, ResponseCode } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TitleEditorRepository, TitleEditorTransactionRepository } from '#src/repositories/title-editor.repository.ts';
import type { AuthUser, RequestAuth } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { UNPUBLISHED_AT } from '#src/rules/entitlement.rules.ts';
import { CatalogueEditorService } from '#src/services/catalogue-editor.service.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { insertEpisode, insertGenre, insertTitle, insertUser, TEST_NOW } from '#test/factories.ts';

const TIME_ZONE = 'Asia/Tokyo';
const DAY_MS = 86_400_000;
const auth = {} as RequestAuth;

const fields = (overrides: Partial<EditorTitleFields> = {}): EditorTitleFields => ({
  name_en: 'Night Harbour',
  name_ja: '夜の港',
  author_en: 'A. Writer',
  author_ja: '作家',
  description_en: 'Ships.',
  description_ja: '船。',
  genre_ids: [],
  tags: [],
  magazine_category_id: null,
  age_rating: 0,
  reading_direction: 1,
  weekday_index: null,
  ...overrides,
});

const refusedWith = async (promise: Promise<unknown>, code: ResponseCode, message?: RegExp) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
  if (message) expect((error as DomainError).message).toMatch(message);
};

describe('CatalogueEditorService', () => {
  let database: TestDatabase;
  let service: CatalogueEditorService;
  let editor: AuthUser;
  let allowed = true;

  beforeAll(async () => {
    database = await createTestDatabase();
    const user = await insertUser(database.db);
    editor = { userId: user.id } as AuthUser;
    service = new CatalogueEditorService(
      {
        access: async () => {
          if (!allowed) throw new DomainError(ResponseCode.ApiNotFound);
          return editor;
        },
        titles: new TitleEditorRepository(database.db),
        transactions: new TitleEditorTransactionRepository(database.db),
        ingest: {
          ingestTitleArt: async () => {
            throw new Error('no art in these tests');
          },
        },
        images: { probe: async () => ({ format: 'png' as const, width: 100, height: 100 }) },
        storage: { delete: async () => {} },
        clock: { now: () => TEST_NOW },
        urls: { publicUrl: (key) => `/public/${key}`, signedUrl: (key) => `/signed/${key}` },
        randomU32: () => 1,
      },
      { timeZone: TIME_ZONE },
    );
  });
  afterAll(() => database?.close());

  const audits = (target: AuditTarget, id: number) =>
    database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', target)
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();

  it('asks the one access check first: a refused caller reads and writes nothing', async () => {
    allowed = false;
    try {
      const titlesBefore = await database.db.selectFrom('title').select('id').execute();
      await refusedWith(service.createTitle(auth, fields()), ResponseCode.ApiNotFound);
      await refusedWith(service.getVocabulary(auth), ResponseCode.ApiNotFound);
      await refusedWith(service.listTitles(auth, {}), ResponseCode.ApiNotFound);
      expect(await database.db.selectFrom('title').select('id').execute()).toEqual(titlesBefore);
    } finally {
      allowed = true;
    }
  });

  it('creates a title with the next free id, unpublished, its genres and tags, audited as created', async () => {
    const highest = await insertTitle(database.db, { id: 90_000 });
    const genre = await insertGenre(database.db);
    const { title } = await service.createTitle(
      auth,
      fields({ genre_ids: [genre.id, genre.id], tags: [' sea ', 'sea', '', 'night'] }),
    );
    expect(title).toMatchObject({
      title_id: highest.id + 1,
      published: false,
      published_time: '',
      genre_ids: [genre.id],
      tags: ['sea', 'night'],
      author_en: 'A. Writer',
    });
    const row = await database.db.selectFrom('title').selectAll().where('id', '=', title.title_id).executeTakeFirst();
    expect(row?.published_at).toBe(UNPUBLISHED_AT);
    const [log] = await audits(AuditTarget.Title, title.title_id);
    expect(log).toMatchObject({ action: AuditAction.TitleCreate, actor_user_id: editor.userId });
    expect(JSON.parse(log!.detail)).toMatchObject({ before: null, after: { name_en: 'Night Harbour' } });
  });

  it('refuses an unknown genre or magazine (1001) before anything is written', async () => {
    const count = async () => (await database.db.selectFrom('title').select('id').execute()).length;
    const before = await count();
    await refusedWith(
      service.createTitle(auth, fields({ genre_ids: [987_654] })),
      ResponseCode.InvalidParameter,
      /genre/,
    );
    await refusedWith(
      service.createTitle(auth, fields({ magazine_category_id: 987_654 })),
      ResponseCode.InvalidParameter,
      /magazine/,
    );
    expect(await count()).toBe(before);
  });

  it('audits an update with only the fields that changed, and nothing when nothing did', async () => {
    const { title } = await service.createTitle(auth, fields());
    const { title: updated } = await service.updateTitle(auth, title.title_id, fields({ name_en: 'Day Harbour' }));
    expect(updated.name_en).toBe('Day Harbour');
    await service.updateTitle(auth, title.title_id, fields({ name_en: 'Day Harbour' }));
    const logs = await audits(AuditTarget.Title, title.title_id);
    expect(logs.map((l) => l.action)).toEqual([AuditAction.TitleCreate, AuditAction.TitleUpdate]);
    expect(JSON.parse(logs[1]!.detail)).toEqual({
      before: { name_en: 'Night Harbour' },
      after: { name_en: 'Day Harbour' },
    });
    await refusedWith(service.updateTitle(auth, 98_765, fields()), ResponseCode.TitleNotFound);
  });

  it('publishes from now and unpublishes; the same state again writes no audit row', async () => {
    const { title } = await service.createTitle(auth, fields());
    const published = await service.setPublished(auth, title.title_id, true);
    expect(published.title.published).toBe(true);
    await service.setPublished(auth, title.title_id, true);
    const row = await database.db.selectFrom('title').selectAll().where('id', '=', title.title_id).executeTakeFirst();
    expect(row?.published_at).toBe(TEST_NOW);
    expect((await service.setPublished(auth, title.title_id, false)).title.published).toBe(false);
    const logs = await audits(AuditTarget.Title, title.title_id);
    expect(logs.map((l) => l.action)).toEqual([
      AuditAction.TitleCreate,
      AuditAction.TitlePublish,
      AuditAction.TitleUnpublish,
    ]);
  });

  it('refuses art of another type (1001) and a crop outside the image', async () => {
    const title = await insertTitle(database.db);
    const bytes = new Uint8Array([1, 2, 3]);
    await refusedWith(
      service.replaceTitleArt(auth, title.id, { bytes, mediaType: 'image/gif' }),
      ResponseCode.InvalidParameter,
      /Cover art/,
    );
    await refusedWith(
      service.replaceTitleArt(auth, title.id, {
        bytes,
        mediaType: 'image/png',
        crop: { left: 50, top: 0, width: 60, height: 10 },
      }),
      ResponseCode.InvalidParameter,
      /inside the 100×100 image/,
    );
    await refusedWith(
      service.replaceTitleArt(auth, title.id, { bytes, mediaType: 'image/png', crop: { left: 0 } }),
      ResponseCode.InvalidParameter,
      /crop needs/,
    );
  });

  describe('a chapter', () => {
    const wire = (at: number) =>
      new Date(at).toLocaleString('sv-SE', { timeZone: TIME_ZONE, hour12: false }).replace('T', ' ');
    const access = (episodeId: number, startAt: number, freeUntil = '') => ({
      episodeId,
      point: 30,
      startTime: wire(startAt),
      freeUntilTime: freeUntil,
      ticketRental: true,
      singleSale: false,
    });

    it('takes a future release, price and free window, audited with what changed', async () => {
      const title = await insertTitle(database.db);
      const episode = await insertEpisode(database.db, { title_id: title.id, start_at: UNPUBLISHED_AT });
      const { episode: updated } = await service.updateEpisode(
        auth,
        access(episode.id, TEST_NOW + DAY_MS, wire(TEST_NOW + 2 * DAY_MS)),
      );
      expect(updated).toMatchObject({ point: 30, released: false, start_time: wire(TEST_NOW + DAY_MS) });
      const [log] = await audits(AuditTarget.Episode, episode.id);
      expect(log).toMatchObject({ action: AuditAction.EpisodeUpdate });
      expect(JSON.parse(log!.detail).after).toMatchObject({ point: 30, start_time: wire(TEST_NOW + DAY_MS) });
    });

    it('refuses a release moved into the past and a free window ending before it; a released chapter keeps its time', async () => {
      const title = await insertTitle(database.db);
      const waiting = await insertEpisode(database.db, { title_id: title.id, start_at: UNPUBLISHED_AT });
      await refusedWith(
        service.updateEpisode(auth, access(waiting.id, TEST_NOW - DAY_MS)),
        ResponseCode.InvalidParameter,
        /already passed/,
      );
      await refusedWith(
        service.updateEpisode(auth, access(waiting.id, TEST_NOW + 2 * DAY_MS, wire(TEST_NOW + DAY_MS))),
        ResponseCode.InvalidParameter,
        /free window/,
      );
      await refusedWith(
        service.updateEpisode(auth, { ...access(waiting.id, 0, wire(TEST_NOW + DAY_MS)), startTime: '' }),
        ResponseCode.InvalidParameter,
        /free window/,
      );
      // Already out (released a day ago): its own past time may be sent back unchanged with a new price.
      const out = await insertEpisode(database.db, { title_id: title.id, start_at: TEST_NOW - DAY_MS });
      const { episode } = await service.updateEpisode(auth, { ...access(out.id, TEST_NOW - DAY_MS), point: 50 });
      expect(episode).toMatchObject({ point: 50, released: true });
      await refusedWith(
        service.updateEpisode(auth, access(987_654_321, TEST_NOW + DAY_MS)),
        ResponseCode.EpisodeNotFound,
      );
      expect(await audits(AuditTarget.Episode, waiting.id)).toEqual([]);
    });
  });

  it('refuses a new title when every five-digit id is in use', async () => {
    await insertTitle(database.db, { id: 99_999 });
    await refusedWith(service.createTitle(auth, fields()), ResponseCode.InvalidParameter, /five-digit/);
  });
});
