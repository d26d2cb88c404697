// Advertisement views and clicks (product §7), counted per advertisement and day (wire time zone).
import { ResponseCode } from '@manga/contracts';
import type { AdvertisementRow } from '#src/db/schema.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { wireDate } from '#src/rules/wire-calendar.rules.ts';

export interface AdvertisementStore {
  findAdvertisementById(id: number): Promise<AdvertisementRow | undefined>;
  incrementCounter(advertisementId: number, kind: 'view' | 'click', countDate: string): Promise<void>;
}

export class AdvertisementService {
  constructor(
    private readonly store: AdvertisementStore,
    private readonly clock: ClockRepository,
    private readonly options: { timeZone: string },
  ) {}

  /**
   * Counts one view or click. An unknown advertisement is 1001 (there is no dedicated code); crawler
   * requests answer success without counting.
   */
  async recordAdvertisementEvent(
    advertisementId: number,
    kind: 'view' | 'click',
    { isCrawler }: { isCrawler: boolean },
  ): Promise<Record<string, never>> {
    const advertisement = await this.store.findAdvertisementById(advertisementId);
    if (!advertisement) {
      throw new DomainError(
        ResponseCode.InvalidParameter,
        `invalid parameter advertisement_id: unknown advertisement ${advertisementId}`,
      );
    }
    if (!isCrawler)
      await this.store.incrementCounter(advertisementId, kind, wireDate(this.clock.now(), this.options.timeZone));
    return {};
  }
}
