// WalletService and OpenWallet on an in-memory store (STYLE habit 2): what each operation writes to
// the ledger, the lots and the balance, and that a refusal writes nothing.
import { ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { FixedClock } from '#src/repositories/clock.repository.ts';
import type { NewLedgerEntry } from '#src/repositories/wallet.repository.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import {
  LedgerOutOfStepError,
  OpenWallet,
  type PointSplit,
  WalletService,
  type WalletStore,
} from '#src/services/wallet.service.ts';

const NOW = Date.UTC(2026, 0, 10);
const DAY = 86_400_000;
const USER = 7;

type Entry = NewLedgerEntry & { id: number };

/** One reader's wallet in memory, with the conditional updates of WalletRepository. */
class FakeWalletStore implements WalletStore {
  ledger: Entry[] = [];
  balance: PointSplit = { paid_point: 0, free_point: 0 };
  calls: string[] = [];
  /** Makes the balance's conditional update fail, as if the row disagreed with the lots. */
  balanceDisagrees = false;

  /** A credit as if granted earlier. */
  seed(kind: 'paid' | 'free', amount: number, expiresAt: number | null): void {
    this.ledger.push({
      id: this.ledger.length + 1,
      user_id: USER,
      kind,
      delta: amount,
      remaining: amount,
      reason: 'operator_grant',
      expires_at: expiresAt,
      created_at: NOW - DAY,
    });
    if (kind === 'paid') this.balance.paid_point += amount;
    else this.balance.free_point += amount;
  }

  async lockWallet(): Promise<void> {
    this.calls.push('lock');
  }

  async listOpenLots() {
    this.calls.push('lots');
    return this.ledger
      .filter((e) => (e.remaining ?? 0) > 0)
      .map((e) => ({
        id: e.id,
        kind: e.kind as 'paid' | 'free',
        remaining: e.remaining ?? 0,
        expires_at: e.expires_at ?? null,
      }));
  }

  async addToBalance(_userId: number, add: PointSplit): Promise<void> {
    this.balance = {
      paid_point: this.balance.paid_point + add.paid_point,
      free_point: this.balance.free_point + add.free_point,
    };
  }

  async takeFromBalance(_userId: number, take: PointSplit): Promise<boolean> {
    if (
      this.balanceDisagrees ||
      this.balance.paid_point < take.paid_point ||
      this.balance.free_point < take.free_point
    ) {
      return false;
    }
    this.balance = {
      paid_point: this.balance.paid_point - take.paid_point,
      free_point: this.balance.free_point - take.free_point,
    };
    return true;
  }

  async takeFromLot(lotId: number, amount: number): Promise<boolean> {
    const lot = this.ledger.find((e) => e.id === lotId);
    if (!lot || (lot.remaining ?? 0) < amount) return false;
    lot.remaining = (lot.remaining ?? 0) - amount;
    return true;
  }

  async insertLedgerEntries(entries: readonly NewLedgerEntry[]): Promise<number[]> {
    return entries.map((entry) => {
      const id = this.ledger.length + 1;
      this.ledger.push({ remaining: 0, ...entry, id });
      return id;
    });
  }
}

const item = (amount: number, episodeId: number) => ({
  amount,
  reason: 'episode_paid',
  referenceType: 'episode',
  referenceId: String(episodeId),
});

describe('OpenWallet', () => {
  it('takes the reader’s lock before reading the lots', async () => {
    const store = new FakeWalletStore();
    await OpenWallet.open(store, USER, NOW);
    expect(store.calls).toEqual(['lock', 'lots']);
  });

  it('spends free points first, earliest expiry first, and writes one debit per kind and item', async () => {
    const store = new FakeWalletStore();
    store.seed('paid', 100, null);
    store.seed('free', 30, NOW + 5 * DAY);
    store.seed('free', 20, NOW + 2 * DAY);
    const wallet = await OpenWallet.open(store, USER, NOW);
    expect(await wallet.spend([item(30, 501), item(40, 502)])).toEqual([
      { free_point: 30, paid_point: 0 },
      { free_point: 20, paid_point: 20 },
    ]);
    expect(store.ledger.slice(0, 3).map((e) => e.remaining)).toEqual([80, 0, 0]);
    expect(store.ledger.slice(3).map((e) => [e.kind, e.delta, e.reference_id])).toEqual([
      ['free', -30, '501'],
      ['free', -20, '502'],
      ['paid', -20, '502'],
    ]);
    expect(store.balance).toEqual({ paid_point: 80, free_point: 0 });
    expect(wallet.total()).toBe(80);
  });

  it('refuses a spend it cannot cover with 3110 and writes nothing', async () => {
    const store = new FakeWalletStore();
    store.seed('paid', 30, null);
    store.seed('free', 9, null);
    const wallet = await OpenWallet.open(store, USER, NOW);
    const before = structuredClone(store.ledger);
    await expect(wallet.spend([item(20, 501), item(20, 502)])).rejects.toMatchObject({
      code: ResponseCode.PointShortage,
    });
    expect(store.ledger).toEqual(before);
    expect(store.balance).toEqual({ paid_point: 30, free_point: 9 });
  });

  it('refuses with 3110 when the balance’s conditional update fails, before touching a lot', async () => {
    const store = new FakeWalletStore();
    store.seed('paid', 100, null);
    const wallet = await OpenWallet.open(store, USER, NOW);
    store.balanceDisagrees = true;
    await expect(wallet.spend([item(40, 501)])).rejects.toBeInstanceOf(DomainError);
    expect(store.ledger.map((e) => e.remaining)).toEqual([100]);
  });

  it('fails loudly when a lot holds less than the ledger said', async () => {
    const store = new FakeWalletStore();
    store.seed('paid', 100, null);
    const wallet = await OpenWallet.open(store, USER, NOW);
    const lot = store.ledger[0];
    if (lot) lot.remaining = 10;
    await expect(wallet.spend([item(40, 501)])).rejects.toBeInstanceOf(LedgerOutOfStepError);
  });

  it('expires due lots on opening, through an expired entry each', async () => {
    const store = new FakeWalletStore();
    store.seed('free', 50, NOW);
    store.seed('paid', 10, NOW - 1);
    store.seed('free', 5, NOW + 1);
    const wallet = await OpenWallet.open(store, USER, NOW);
    expect(wallet.balance()).toEqual({ paid_point: 0, free_point: 5 });
    expect(store.balance).toEqual({ paid_point: 0, free_point: 5 });
    expect(store.ledger.slice(3).map((e) => [e.kind, e.delta, e.reason, e.reference_id, e.idempotency_key])).toEqual([
      ['free', -50, 'expired', '1', 'expired:1'],
      ['paid', -10, 'expired', '2', 'expired:2'],
    ]);
  });

  it('credits a lot that the same wallet can spend at once', async () => {
    const store = new FakeWalletStore();
    const wallet = await OpenWallet.open(store, USER, NOW);
    const bonus = {
      kind: 'free' as const,
      amount: 25,
      reason: 'login_bonus',
      referenceType: 'login_bonus',
      referenceId: '2026-01-10',
      expiresAt: NOW + 30 * DAY,
    };
    await wallet.credit(bonus);
    expect(store.ledger[0]).toMatchObject({ delta: 25, remaining: 25, expires_at: NOW + 30 * DAY });
    expect(await wallet.spend([item(25, 501)])).toEqual([{ free_point: 25, paid_point: 0 }]);
    await expect(wallet.credit({ ...bonus, amount: 0 })).rejects.toThrow(RangeError);
    await expect(wallet.credit({ ...bonus, amount: 2.5 })).rejects.toThrow(RangeError);
  });
});

describe('WalletService', () => {
  function serviceOver(store: FakeWalletStore, clock: FixedClock) {
    return new WalletService({
      wallets: {
        listOpenLots: () => store.listOpenLots(),
        listUsersWithDueLots: async (now: number) =>
          store.ledger.some((e) => (e.remaining ?? 0) > 0 && e.expires_at != null && e.expires_at <= now) ? [USER] : [],
      },
      transactions: { run: (work) => work({ wallet: store }) },
      premiumTickets: { listUsablePremiumTickets: async () => [] },
      clock,
      timeZone: 'Asia/Tokyo',
    });
  }

  it('ExpirePoints expires what is due and is idempotent', async () => {
    const store = new FakeWalletStore();
    store.seed('free', 50, NOW + DAY);
    const clock = new FixedClock(NOW);
    const wallet = serviceOver(store, clock);
    expect(await wallet.handleExpirePoints()).toBe('skipped');
    clock.set(NOW + DAY);
    expect(await wallet.handleExpirePoints()).toBe('success');
    expect(await wallet.handleExpirePoints()).toBe('skipped');
    expect(store.ledger.filter((e) => e.reason === 'expired')).toHaveLength(1);
    expect(store.balance).toEqual({ paid_point: 0, free_point: 0 });
  });

  it('reads the spendable balance without counting due lots and without writing', async () => {
    const store = new FakeWalletStore();
    store.seed('free', 50, NOW);
    store.seed('paid', 20, null);
    const wallet = serviceOver(store, new FixedClock(NOW));
    expect(await wallet.getBalance(USER, NOW)).toEqual({ paid_point: 20, free_point: 0 });
    expect(store.ledger).toHaveLength(2);
  });

  it('answers 2011 to a logged-out caller of GET /account/point', async () => {
    const wallet = serviceOver(new FakeWalletStore(), new FixedClock(NOW));
    await expect(wallet.getAccountPoint({ user: null, tokenInvalid: false })).rejects.toMatchObject({
      code: ResponseCode.UserNotLogin,
    });
  });
});
