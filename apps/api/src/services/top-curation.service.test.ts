// TopCurationService's rules on fakes (ADR 074): who may call, windows (an end after its start),
// picks only of published titles and released chapters' titles, every change audited with before and
// after, nothing written when a call is refused, and the rebuild run on demand and audited.
import { formatWireDateTime, ResponseCode, TopPickKind } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import type { AdvertisementRow, NewAuditLog, TopPickRow } from '#src/db/schema.ts';
import { FixedClock } from '#src/repositories/clock.repository.ts';
import type { CampaignRecord, TopCurationRepository } from '#src/repositories/top-curation.repository.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { isInWindow, TopCurationService } from '#src/services/top-curation.service.ts';
import { TEST_NOW } from '#test/factories.ts';

const TZ = 'Asia/Tokyo';
const HOUR = 3_600_000;
const wire = (at: number) => formatWireDateTime(new Date(at), TZ);
const editor = { userId: 7 } as never;

function setup(options: { allowed?: boolean } = {}) {
  const picks: TopPickRow[] = [];
  const banners: AdvertisementRow[] = [];
  const audit: NewAuditLog[] = [];
  const titles = [
    { id: 10001, name_en: 'Open', name_ja: '公開', published_at: TEST_NOW - HOUR },
    { id: 10002, name_en: 'Hidden', name_ja: '非公開', published_at: TEST_NOW + 1000 * HOUR },
  ];
  const campaigns: CampaignRecord[] = titles.map((t) => ({
    ...t,
    campaign_text: '',
    campaign_text_ja: '',
    campaign_start_at: null,
    campaign_end_at: null,
  }));
  let rebuilt: number | undefined;
  const store = {
    listPicks: async () => [...picks],
    findPick: async (id: number) => picks.find((p) => p.id === id),
    insertPick: async (row: Omit<TopPickRow, 'id'>) => {
      const id = picks.length + 1;
      picks.push({ id, ...row });
      return id;
    },
    deletePick: async (id: number) =>
      void picks.splice(
        picks.findIndex((p) => p.id === id),
        1,
      ),
    setPickPosition: async (id: number, position: number) => {
      const pick = picks.find((p) => p.id === id);
      if (pick) pick.position = position;
    },
    listAdvertisements: async () => [...banners],
    findAdvertisement: async (id: number) => banners.find((b) => b.id === id),
    insertAdvertisement: async () => 1,
    updateAdvertisement: async () => undefined,
    deleteAdvertisement: async () => undefined,
    listCampaignTitles: async () => campaigns.filter((c) => c.campaign_text || c.campaign_text_ja),
    findCampaignTitle: async (id: number) => campaigns.find((c) => c.id === id),
    updateCampaign: async (id: number, fields: Partial<CampaignRecord>) =>
      void Object.assign(campaigns.find((c) => c.id === id)!, fields),
    listTitles: async (ids: readonly number[]) => titles.filter((t) => ids.includes(t.id)),
    listEpisodes: async () => [],
    insertAuditLog: async (entry: NewAuditLog) => void audit.push(entry),
  } as unknown as TopCurationRepository;
  const clock = new FixedClock(TEST_NOW);
  const sut = new TopCurationService(
    {
      access: async () => {
        if (options.allowed === false) throw new DomainError(ResponseCode.ApiNotFound);
        return editor;
      },
      store,
      transactions: { run: (work) => work(store) },
      rules: { listTopTitleIds: async () => [10001], listBonusEpisodes: async () => [] },
      rankings: {
        handleRebuildRankings: async () => {
          rebuilt = clock.now();
          return 'success';
        },
        findLatestComputedAt: async () => rebuilt,
      },
      ingest: { ingestBannerImage: async () => 'banners/1-x.webp' },
      images: { probe: async () => ({ width: 10, height: 10, format: 'png' }) as never },
      storage: { delete: async () => undefined },
      clock,
      urls: { publicUrl: (key: string) => (key ? `/images/${key}` : '') } as never,
      randomU32: () => 1,
    },
    { timeZone: TZ },
  );
  return { sut, picks, audit, campaigns, clock };
}

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: DomainError) => error.code,
  );

describe('isInWindow', () => {
  it('holds from the start, up to but not at the end; a missing bound is open', () => {
    expect(isInWindow({ start: 10, end: 20 }, 10)).toBe(true);
    expect(isInWindow({ start: 10, end: 20 }, 20)).toBe(false);
    expect(isInWindow({ start: 10, end: 20 }, 9)).toBe(false);
    expect(isInWindow({ start: null, end: null }, 0)).toBe(true);
  });
});

describe('TopCurationService', () => {
  it('answers anyone without access as an unknown path, before reading a parameter', async () => {
    const { sut, picks, audit } = setup({ allowed: false });
    expect(await code(sut.getCuration({} as never))).toBe(ResponseCode.ApiNotFound);
    expect(
      await code(
        sut.addPick({} as never, { kind: TopPickKind.TodayChoice, targetId: -1, startTime: 'x', endTime: '' }),
      ),
    ).toBe(ResponseCode.ApiNotFound);
    expect(await code(sut.rebuildRankings({} as never))).toBe(ResponseCode.ApiNotFound);
    expect(picks).toEqual([]);
    expect(audit).toEqual([]);
  });

  it('adds a pick of a published title at the end of its list, audited with before and after', async () => {
    const { sut, picks, audit } = setup();
    await sut.addPick({} as never, { kind: TopPickKind.TodayChoice, targetId: 10001, startTime: '', endTime: '' });
    await sut.addPick({} as never, {
      kind: TopPickKind.TodayChoice,
      targetId: 10001,
      startTime: wire(TEST_NOW + HOUR),
      endTime: wire(TEST_NOW + 2 * HOUR),
    });
    expect(picks.map((p) => [p.target_id, p.position, p.start_at])).toEqual([
      [10001, 1, null],
      [10001, 2, TEST_NOW + HOUR],
    ]);
    expect(JSON.parse(audit[0]!.detail as string)).toMatchObject({ before: null, after: { target_id: 10001 } });
    const view = await sut.getCuration({} as never);
    expect(view.pick_list.map((p) => [p.label, p.active])).toEqual([
      ['Open', 1],
      ['Open', 0],
    ]);
    // In the editor's interface language.
    expect((await sut.getCuration({} as never, 'ja')).pick_list.map((p) => p.label)).toEqual(['公開', '公開']);
  });

  it('refuses an end before its start, an unpublished title and a duplicate, writing nothing', async () => {
    const { sut, picks, audit } = setup();
    const add = (targetId: number, startTime = '', endTime = '') =>
      code(sut.addPick({} as never, { kind: TopPickKind.TodayChoice, targetId, startTime, endTime }));
    expect(await add(10001, wire(TEST_NOW + HOUR), wire(TEST_NOW))).toBe(ResponseCode.InvalidParameter);
    expect(await add(10002)).toBe(ResponseCode.InvalidParameter);
    expect(await add(99999)).toBe(ResponseCode.InvalidParameter);
    expect(picks).toEqual([]);
    await add(10001);
    expect(await add(10001)).toBe(ResponseCode.InvalidParameter);
    expect(picks).toHaveLength(1);
    expect(audit).toHaveLength(1);
  });

  it('sets a campaign text with its window, and clearing both texts clears the window', async () => {
    const { sut, campaigns, audit } = setup();
    await sut.setCampaign({} as never, {
      titleId: 10001,
      text: 'Free!',
      textJa: '無料！',
      startTime: wire(TEST_NOW),
      endTime: wire(TEST_NOW + HOUR),
    });
    expect(campaigns[0]).toMatchObject({
      campaign_text: 'Free!',
      campaign_start_at: TEST_NOW,
      campaign_end_at: TEST_NOW + HOUR,
    });
    await sut.setCampaign({} as never, {
      titleId: 10001,
      text: '',
      textJa: '',
      startTime: wire(TEST_NOW),
      endTime: '',
    });
    expect(campaigns[0]).toMatchObject({ campaign_text: '', campaign_start_at: null, campaign_end_at: null });
    expect(audit.map((row) => row.action)).toEqual(['title.campaign', 'title.campaign']);
  });

  it('refuses a banner without a start and a banner image of another type, before storing anything', async () => {
    const { sut, audit } = setup();
    expect(
      await code(
        sut.saveBanner({} as never, {
          linkUrl: '/',
          altText: 'x',
          altTextJa: '',
          position: 1,
          startTime: '',
          endTime: '',
        }),
      ),
    ).toBe(ResponseCode.InvalidParameter);
    expect(
      await code(sut.replaceBannerImage({} as never, 1, { bytes: new Uint8Array(), mediaType: 'text/plain' })),
    ).toBe(ResponseCode.InvalidParameter);
    expect(audit).toEqual([]);
  });

  it('rebuilds the rankings now and audits the time before and after', async () => {
    const { sut, audit } = setup();
    const answer = await sut.rebuildRankings({} as never);
    expect(answer).toEqual({ outcome: 'success', rankings_rebuilt_time: wire(TEST_NOW) });
    expect(audit[0]).toMatchObject({ action: 'rankings.rebuild', actor_user_id: 7 });
    expect(JSON.parse(audit[0]!.detail as string)).toMatchObject({
      before: { computed_at: null },
      after: { computed_at: TEST_NOW },
    });
  });
});
