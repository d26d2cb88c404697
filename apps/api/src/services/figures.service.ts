// Sales and reading figures for the console (issue 26, ADR 072): per day in the wire time zone and
// per title, over a range of at most FIGURES_RANGE_MAX_DAYS days, read from the tables that record
// what happened (payments, the point ledger, purchases, rentals, reads, accounts, follows). The
// repository groups by quarter-hour; this service owns the range rule, the days and the CSV.
import {
  FIGURES_TITLE_LIMIT,
  type FiguresDay,
  type FiguresResponse,
  type FiguresSale,
  type FiguresTitle,
  PointReason,
  StaffPermission,
} from '@manga/contracts';
import type { FiguresRepository, SlotCountRow, TitleCountRow } from '#src/repositories/figures.repository.ts';
import type { RequestAuth } from '#src/rules/auth.rules.ts';
import { csvText } from '#src/rules/csv.rules.ts';
import { FIGURES_SLOT_MS, figuresDates } from '#src/rules/figures.rules.ts';
import { wireDayBounds } from '#src/rules/wire-calendar.rules.ts';
import type { StaffService } from '#src/services/staff.service.ts';

export type Figures = Omit<FiguresResponse, 'status' | 'response_code' | 'error_message'>;

/** Ledger debits that are spending (not expiry or a refund's take-back). */
const SPENDING = [PointReason.EpisodePaid, PointReason.MagazinePaid] as const;

export interface FiguresServiceDeps {
  staff: Pick<StaffService, 'requireAccess'>;
  figures: FiguresRepository;
  timeZone: string;
}

export class FiguresService {
  constructor(private readonly deps: FiguresServiceDeps) {}

  /** The figures of the days `from` … `to` (both included, 'YYYY-MM-DD' in the wire time zone). */
  async figures(auth: RequestAuth, range: { from: string; to: string }): Promise<Figures> {
    await this.deps.staff.requireAccess(auth, StaffPermission.FiguresRead);
    const dates = figuresDates(range.from, range.to);
    const { timeZone, figures: repo } = this.deps;
    const window = { start: wireDayBounds(range.from, timeZone).start, end: wireDayBounds(range.to, timeZone).end };

    const [sales, spent, purchases, rentals, readers, follows, titlePurchases, titleRentals, titleReads] =
      await Promise.all([
        repo.listSales(window),
        repo.listPointsSpent(window, SPENDING),
        repo.listPurchases(window),
        repo.listRentals(window),
        repo.listNewReaders(window),
        repo.listFollows(window),
        repo.countPurchasesByTitle(window),
        repo.countRentalsByTitle(window),
        repo.countReadsByTitle(window),
      ]);

    // Each day's first slot, in order: a slot's day is found by a binary search over them, which is
    // far cheaper than formatting every slot's time in the zone (a year has 35,136 quarter-hours).
    const dayStarts = dates.map((date) => Math.floor(wireDayBounds(date, timeZone).start / FIGURES_SLOT_MS));
    const endSlot = Math.floor(window.end / FIGURES_SLOT_MS);
    const dateOfSlot = (slot: number): string | undefined => {
      if (slot < (dayStarts[0] as number) || slot >= endSlot) return undefined;
      let low = 0;
      let high = dayStarts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if ((dayStarts[middle] as number) <= slot) low = middle;
        else high = middle - 1;
      }
      return dates[low] as string;
    };
    const days = new Map<string, FiguresDay>(
      dates.map((date) => [
        date,
        { date, points_sold: 0, points_spent: 0, purchases: 0, rentals: 0, new_readers: 0, follows: 0 },
      ]),
    );
    const add = (rows: SlotCountRow[], field: keyof Omit<FiguresDay, 'date'>, pick: 'count' | 'sum') => {
      for (const row of rows) {
        const date = dateOfSlot(row.slot);
        const day = date === undefined ? undefined : days.get(date);
        if (day) day[field] += row[pick];
      }
    };
    add(spent, 'points_spent', 'sum');
    add(purchases, 'purchases', 'count');
    add(rentals, 'rentals', 'count');
    add(readers, 'new_readers', 'count');
    add(follows, 'follows', 'count');

    const saleByKey = new Map<string, FiguresSale>();
    for (const row of sales) {
      const date = dateOfSlot(row.slot);
      const day = date === undefined ? undefined : days.get(date);
      if (!day || date === undefined) continue;
      day.points_sold += row.points;
      const key = `${date}|${row.region}|${row.currency}`;
      const sale = saleByKey.get(key) ?? {
        date,
        region: row.region,
        currency: row.currency,
        payments: 0,
        amount_minor: 0,
        points: 0,
      };
      sale.payments += row.payments;
      sale.amount_minor += row.amount_minor;
      sale.points += row.points;
      saleByKey.set(key, sale);
    }
    const saleList = [...saleByKey.values()].sort(
      (a, b) =>
        a.date.localeCompare(b.date) || a.region.localeCompare(b.region) || a.currency.localeCompare(b.currency),
    );

    return {
      from: range.from,
      to: range.to,
      time_zone: timeZone,
      day_list: [...days.values()],
      sale_list: saleList,
      title_list: await this.titles(titlePurchases, titleRentals, titleReads),
    };
  }

  /** The figures as CSV: the days, the sales and the titles, each a section under its own header. */
  async figuresCsv(auth: RequestAuth, range: { from: string; to: string }): Promise<string> {
    const figures = await this.figures(auth, range);
    return csvText([
      ['date', 'points_sold', 'points_spent', 'purchases', 'rentals', 'new_readers', 'follows'],
      ...figures.day_list.map((d) => [
        d.date,
        d.points_sold,
        d.points_spent,
        d.purchases,
        d.rentals,
        d.new_readers,
        d.follows,
      ]),
      [],
      ['date', 'region', 'currency', 'payments', 'amount_minor', 'points'],
      ...figures.sale_list.map((s) => [s.date, s.region, s.currency, s.payments, s.amount_minor, s.points]),
      [],
      ['title_id', 'name_en', 'name_ja', 'purchases', 'rentals', 'reads', 'reads_finished'],
      ...figures.title_list.map((t) => [
        t.title_id,
        t.name_en,
        t.name_ja,
        t.purchases,
        t.rentals,
        t.reads,
        t.reads_finished,
      ]),
    ]);
  }

  private async titles(
    purchases: TitleCountRow[],
    rentals: TitleCountRow[],
    reads: TitleCountRow[],
  ): Promise<FiguresTitle[]> {
    const byId = new Map<number, Omit<FiguresTitle, 'name_en' | 'name_ja'>>();
    const entry = (titleId: number) => {
      let found = byId.get(titleId);
      if (!found) {
        found = { title_id: titleId, purchases: 0, rentals: 0, reads: 0, reads_finished: 0 };
        byId.set(titleId, found);
      }
      return found;
    };
    for (const row of purchases) entry(row.title_id).purchases += row.count;
    for (const row of rentals) entry(row.title_id).rentals += row.count;
    for (const row of reads) {
      const title = entry(row.title_id);
      title.reads += row.count;
      title.reads_finished += row.finished;
    }
    // The busiest first: what sold, then what was rented, then what was read.
    const busiest = [...byId.values()]
      .sort(
        (a, b) => b.purchases - a.purchases || b.rentals - a.rentals || b.reads - a.reads || a.title_id - b.title_id,
      )
      .slice(0, FIGURES_TITLE_LIMIT);
    const names = new Map(
      (await this.deps.figures.listTitleNames(busiest.map((t) => t.title_id))).map((row) => [row.id, row]),
    );
    return busiest.map((title) => ({
      ...title,
      name_en: names.get(title.title_id)?.name_en ?? '',
      name_ja: names.get(title.title_id)?.name_ja ?? '',
    }));
  }
}
