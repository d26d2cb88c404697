// FiguresService's own rules on plain fakes (ADR 072): the permission is asked before anything is
// read; quarter-hour groups land on their day in the wire time zone (Tokyo's midnight is 15:00 UTC);
// every day of the range is listed, empty or not; titles are merged, the busiest first, and named.
import { ResponseCode, StaffPermission } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import type { FiguresRepository } from '#src/repositories/figures.repository.ts';
import type { RequestAuth } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { FIGURES_SLOT_MS, figuresDates } from '#src/rules/figures.rules.ts';
import { FiguresService } from '#src/services/figures.service.ts';

const auth: RequestAuth = { user: null, tokenInvalid: false };
const slot = (utc: number) => Math.floor(utc / FIGURES_SLOT_MS);
// 2026-03-10 00:00 in Tokyo.
const MIDNIGHT = Date.UTC(2026, 2, 9, 15, 0);

function world(allowed = true) {
  const reads: string[] = [];
  const asked: StaffPermission[] = [];
  const repo = {
    listSales: async () => {
      reads.push('sales');
      return [
        { slot: slot(MIDNIGHT - 1), region: 'JP', currency: 'jpy', payments: 1, amount_minor: 120, points: 100 },
        { slot: slot(MIDNIGHT), region: 'JP', currency: 'jpy', payments: 2, amount_minor: 240, points: 200 },
        {
          slot: slot(MIDNIGHT + 3_600_000),
          region: 'JP',
          currency: 'jpy',
          payments: 1,
          amount_minor: 120,
          points: 100,
        },
      ];
    },
    listPointsSpent: async () => [{ slot: slot(MIDNIGHT), count: 2, sum: 80 }],
    listPurchases: async () => [
      { slot: slot(MIDNIGHT - 1), count: 1, sum: 40 },
      { slot: slot(MIDNIGHT), count: 2, sum: 80 },
    ],
    listRentals: async () => [],
    listNewReaders: async () => [{ slot: slot(MIDNIGHT + 86_399_000), count: 3, sum: 0 }],
    listFollows: async () => [],
    countPurchasesByTitle: async () => [
      { title_id: 2, count: 1, finished: 0 },
      { title_id: 1, count: 5, finished: 0 },
    ],
    countRentalsByTitle: async () => [{ title_id: 3, count: 4, finished: 0 }],
    countReadsByTitle: async () => [
      { title_id: 2, count: 9, finished: 4 },
      { title_id: 3, count: 1, finished: 1 },
    ],
    listTitleNames: async (ids: readonly number[]) =>
      ids.filter((id) => id !== 3).map((id) => ({ id, name_en: `Title ${id}`, name_ja: `作品${id}` })),
  } as unknown as FiguresRepository;
  const service = new FiguresService({
    staff: {
      requireAccess: async (_auth, permission) => {
        asked.push(permission);
        if (!allowed) throw new DomainError(ResponseCode.ApiNotFound);
        return { userId: 1, roles: ['analyst'] } as never;
      },
    },
    figures: repo,
    timeZone: 'Asia/Tokyo',
  });
  return { service, reads, asked };
}

describe('FiguresService', () => {
  it('asks figures.read before reading anything', async () => {
    const { service, reads, asked } = world(false);
    await expect(service.figures(auth, { from: '2026-03-09', to: '2026-03-10' })).rejects.toThrow(DomainError);
    expect(asked).toEqual([StaffPermission.FiguresRead]);
    expect(reads).toEqual([]);
  });

  it('puts each group on its day in the wire time zone and lists every day', async () => {
    const { service } = world();
    const figures = await service.figures(auth, { from: '2026-03-09', to: '2026-03-11' });
    expect(figures.day_list).toEqual([
      { date: '2026-03-09', points_sold: 100, points_spent: 0, purchases: 1, rentals: 0, new_readers: 0, follows: 0 },
      { date: '2026-03-10', points_sold: 300, points_spent: 80, purchases: 2, rentals: 0, new_readers: 3, follows: 0 },
      { date: '2026-03-11', points_sold: 0, points_spent: 0, purchases: 0, rentals: 0, new_readers: 0, follows: 0 },
    ]);
    expect(figures.sale_list).toEqual([
      { date: '2026-03-09', region: 'JP', currency: 'jpy', payments: 1, amount_minor: 120, points: 100 },
      { date: '2026-03-10', region: 'JP', currency: 'jpy', payments: 3, amount_minor: 360, points: 300 },
    ]);
  });

  it('merges titles, the busiest first, and names them (a title gone keeps its id)', async () => {
    const { service } = world();
    const { title_list } = await service.figures(auth, { from: '2026-03-10', to: '2026-03-10' });
    expect(title_list.map((t) => [t.title_id, t.purchases, t.rentals, t.reads, t.reads_finished, t.name_en])).toEqual([
      [1, 5, 0, 0, 0, 'Title 1'],
      [2, 1, 0, 9, 4, 'Title 2'],
      [3, 0, 4, 1, 1, ''],
    ]);
  });

  it('writes the CSV with each section under its header', async () => {
    const { service } = world();
    const csv = await service.figuresCsv(auth, { from: '2026-03-10', to: '2026-03-10' });
    expect(csv.split('\r\n')).toEqual([
      'date,points_sold,points_spent,purchases,rentals,new_readers,follows',
      '2026-03-10,300,80,2,0,3,0',
      '',
      'date,region,currency,payments,amount_minor,points',
      '2026-03-10,JP,jpy,3,360,300',
      '',
      'title_id,name_en,name_ja,purchases,rentals,reads,reads_finished',
      '1,Title 1,作品1,5,0,0,0',
      '2,Title 2,作品2,1,0,9,4',
      '3,,,0,4,1,1',
      '',
    ]);
  });
});

describe('figuresDates', () => {
  it('lists both ends and the days between, across a month and a leap day', () => {
    expect(figuresDates('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(figuresDates('2026-01-01', '2026-01-01')).toEqual(['2026-01-01']);
    expect(figuresDates('2025-01-01', '2026-01-01')).toHaveLength(366);
  });

  it('refuses a range backwards or longer than 366 days with 1001', () => {
    for (const [from, to] of [
      ['2026-01-02', '2026-01-01'],
      ['2024-12-31', '2026-01-01'],
    ] as const) {
      try {
        figuresDates(from, to);
        expect.unreachable();
      } catch (error) {
        expect((error as DomainError).code).toBe(ResponseCode.InvalidParameter);
      }
    }
  });
});
