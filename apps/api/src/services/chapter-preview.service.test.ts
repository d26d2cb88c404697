// ChapterPreviewService on in-memory rows, with the real ViewerService and EntitlementService: the
// editors' check comes first, the preview answers any chapter in the reader's shape, and what each
// kind of reader would be shown is the entitlement answer read with the chapter's sale flags.
import { ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import type { RequestAuth } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { ChapterPreviewService } from '#src/services/chapter-preview.service.ts';
import { TEST_NOW } from '#test/factories.ts';
import { newEntitlementService, newViewerService, TEST_TIME_ZONE } from '#test/services/harness.ts';
import { titleStub } from '#test/services/stubs.ts';

const DAY = 86_400_000;
const EDITOR: RequestAuth = {
  user: { userId: 7, sessionId: 1, status: 'active', via: 'web' },
  tokenInvalid: false,
};
const READER: RequestAuth = { ...EDITOR, user: { ...EDITOR.user!, userId: 8 } };

function setup() {
  const { sut: viewer, world } = newViewerService();
  const { sut: entitlement } = newEntitlementService(world);
  const checked: number[] = [];
  const sut = new ChapterPreviewService(
    {
      access: async (auth) => {
        checked.push(auth.user?.userId ?? 0);
        if (!auth.user || auth.user.userId !== EDITOR.user?.userId) throw new DomainError(ResponseCode.ApiNotFound);
        return auth.user;
      },
      viewer,
      entitlement,
      clock: world.clock,
    },
    { timeZone: TEST_TIME_ZONE },
  );
  const title = world.addTitle(titleStub.withFreeWindows({ free_first_count: 0, free_latest_count: 0 }));
  const chapter = (overrides: Parameters<typeof world.addEpisode>[0]) =>
    world.addEpisode({ point: 30, single_sale_enabled: 1, ticket_rental_enabled: 0, ...overrides });
  return { sut, world, title, chapter, checked };
}

const context = { locale: 'en' as const, seedFormat: 'int' as const };

describe('ChapterPreviewService', () => {
  it('refuses anyone the access check refuses, before reading the chapter', async () => {
    const { sut, checked } = setup();
    await expect(sut.getPreview(READER, 424_242, context)).rejects.toMatchObject({
      code: ResponseCode.ApiNotFound,
    });
    await expect(sut.getAccessPreview(READER, 424_242)).rejects.toMatchObject({ code: ResponseCode.ApiNotFound });
    expect(checked).toEqual([8, 8]);
  });

  it('answers 3100 for a chapter that does not exist', async () => {
    const { sut } = setup();
    await expect(sut.getPreview(EDITOR, 424_242, context)).rejects.toMatchObject({
      code: ResponseCode.EpisodeNotFound,
    });
    await expect(sut.getAccessPreview(EDITOR, 424_242)).rejects.toMatchObject({ code: ResponseCode.EpisodeNotFound });
  });

  it('previews a chapter not released yet, with no neighbours and nothing resumed', async () => {
    const { sut, title, chapter } = setup();
    const scheduled = chapter({ title_id: title.id, start_at: TEST_NOW + DAY });
    const answer = await sut.getPreview(EDITOR, scheduled.id, context);
    expect(answer).toMatchObject({
      episode_id: scheduled.id,
      title_id: title.id,
      is_released: 0,
      is_title_published: 1,
      previous_episode: {},
      next_episode: {},
      last_page: 0,
    });
  });

  it('tells a ticket holder apart only where tickets may rent the chapter', async () => {
    const { sut, title, chapter } = setup();
    const rentable = chapter({ title_id: title.id, ticket_rental_enabled: 1 });
    const states = (await sut.getAccessPreview(EDITOR, rentable.id)).access_list.map((row) => [row.reader, row.state]);
    expect(states).toEqual([
      ['guest', 'points'],
      ['member', 'points'],
      ['ticket_holder', 'ticket'],
    ]);
  });

  it('says free, not for sale, and unpublished as the rules decide', async () => {
    const { sut, world, title, chapter } = setup();
    const free = chapter({ title_id: title.id, point: 0 });
    const unsold = chapter({ title_id: title.id, single_sale_enabled: 0 });
    const hidden = world.addTitle(titleStub.unpublished());
    const early = chapter({ title_id: hidden.id });
    const guestOf = async (id: number) => (await sut.getAccessPreview(EDITOR, id)).access_list[0]?.state;
    expect([await guestOf(free.id), await guestOf(unsold.id), await guestOf(early.id)]).toEqual([
      'free',
      'not_for_sale',
      'unpublished',
    ]);
  });
});
