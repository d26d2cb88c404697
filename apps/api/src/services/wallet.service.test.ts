// WalletService and OpenWallet on the service harness's in-memory wallet (architecture habit 2): what each
// operation writes to the ledger, the lots and the balance, and that a refusal writes nothing.
import { ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '#src/rules/domain.error.ts';
import { LedgerOutOfStepError, OpenWallet } from '#src/services/wallet.service.ts';
import { TEST_NOW } from '#test/factories.ts';
import { newTestWorld, newWalletService } from '#test/services/harness.ts';

const DAY = 86_400_000;
const NOW = TEST_NOW + 9 * DAY;
const USER = 7;

/** A world at NOW with its wallet store; `seed` credits USER a lot as if granted earlier. */
function walletWorld() {
  const { sut, world } = newWalletService(newTestWorld(NOW));
  const store = world.wallet;
  const seed = (kind: 'paid' | 'free', amount: number, expiresAt: number | null) =>
    world.addLot(USER, kind, amount, expiresAt);
  return { sut, world, store, seed, ledger: () => world.tables.ledger, balance: () => store.balanceOf(USER) };
}

const item = (amount: number, episodeId: number) => ({
  amount,
  reason: 'episode_paid',
  referenceType: 'episode',
  referenceId: String(episodeId),
});

describe('OpenWallet', () => {
  it('takes the reader’s lock before reading the lots', async () => {
    const { store } = walletWorld();
    await OpenWallet.open(store, USER, NOW);
    expect(store.calls).toEqual(['lock', 'lots']);
  });

  it('spends free points first, earliest expiry first, and writes one debit per kind and item', async () => {
    const { store, seed, ledger, balance } = walletWorld();
    seed('paid', 100, null);
    seed('free', 30, NOW + 5 * DAY);
    seed('free', 20, NOW + 2 * DAY);
    const wallet = await OpenWallet.open(store, USER, NOW);
    expect(await wallet.spend([item(30, 501), item(40, 502)])).toEqual([
      { free_point: 30, paid_point: 0 },
      { free_point: 20, paid_point: 20 },
    ]);
    expect(
      ledger()
        .slice(0, 3)
        .map((e) => e.remaining),
    ).toEqual([80, 0, 0]);
    expect(
      ledger()
        .slice(3)
        .map((e) => [e.kind, e.delta, e.reference_id]),
    ).toEqual([
      ['free', -30, '501'],
      ['free', -20, '502'],
      ['paid', -20, '502'],
    ]);
    expect(balance()).toEqual({ paid_point: 80, free_point: 0 });
    expect(wallet.total()).toBe(80);
  });

  it('refuses a spend it cannot cover with 3110 and writes nothing', async () => {
    const { store, seed, ledger, balance } = walletWorld();
    seed('paid', 30, null);
    seed('free', 9, null);
    const wallet = await OpenWallet.open(store, USER, NOW);
    const before = structuredClone(ledger());
    await expect(wallet.spend([item(20, 501), item(20, 502)])).rejects.toMatchObject({
      code: ResponseCode.PointShortage,
    });
    expect(ledger()).toEqual(before);
    expect(balance()).toEqual({ paid_point: 30, free_point: 9 });
  });

  it('refuses with 3110 when the balance’s conditional update fails, before touching a lot', async () => {
    const { store, seed, ledger } = walletWorld();
    seed('paid', 100, null);
    const wallet = await OpenWallet.open(store, USER, NOW);
    store.balanceDisagrees = true;
    await expect(wallet.spend([item(40, 501)])).rejects.toBeInstanceOf(DomainError);
    expect(ledger().map((e) => e.remaining)).toEqual([100]);
  });

  it('fails loudly when a lot holds less than the ledger said', async () => {
    const { store, seed, ledger } = walletWorld();
    seed('paid', 100, null);
    const wallet = await OpenWallet.open(store, USER, NOW);
    const lot = ledger()[0];
    if (lot) lot.remaining = 10;
    await expect(wallet.spend([item(40, 501)])).rejects.toBeInstanceOf(LedgerOutOfStepError);
  });

  it('expires due lots on opening, through an expired entry each', async () => {
    const { store, seed, ledger, balance } = walletWorld();
    seed('free', 50, NOW);
    seed('paid', 10, NOW - 1);
    seed('free', 5, NOW + 1);
    const wallet = await OpenWallet.open(store, USER, NOW);
    expect(wallet.balance()).toEqual({ paid_point: 0, free_point: 5 });
    expect(balance()).toEqual({ paid_point: 0, free_point: 5 });
    expect(
      ledger()
        .slice(3)
        .map((e) => [e.kind, e.delta, e.reason, e.reference_id, e.idempotency_key]),
    ).toEqual([
      ['free', -50, 'expired', '1', 'expired:1'],
      ['paid', -10, 'expired', '2', 'expired:2'],
    ]);
  });

  it('credits a lot that the same wallet can spend at once', async () => {
    const { store, ledger } = walletWorld();
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
    expect(ledger()[0]).toMatchObject({ delta: 25, remaining: 25, expires_at: NOW + 30 * DAY });
    expect(await wallet.spend([item(25, 501)])).toEqual([{ free_point: 25, paid_point: 0 }]);
    await expect(wallet.credit({ ...bonus, amount: 0 })).rejects.toThrow(RangeError);
    await expect(wallet.credit({ ...bonus, amount: 2.5 })).rejects.toThrow(RangeError);
  });
});

describe('WalletService', () => {
  it('ExpirePoints expires what is due and is idempotent', async () => {
    const { sut, world, seed, ledger, balance } = walletWorld();
    seed('free', 50, NOW + DAY);
    expect(await sut.handleExpirePoints()).toBe('skipped');
    world.clock.set(NOW + DAY);
    expect(await sut.handleExpirePoints()).toBe('success');
    expect(await sut.handleExpirePoints()).toBe('skipped');
    expect(ledger().filter((e) => e.reason === 'expired')).toHaveLength(1);
    expect(balance()).toEqual({ paid_point: 0, free_point: 0 });
  });

  it('reads the spendable balance without counting due lots and without writing', async () => {
    const { sut, seed, ledger } = walletWorld();
    seed('free', 50, NOW);
    seed('paid', 20, null);
    expect(await sut.getBalance(USER, NOW)).toEqual({ paid_point: 20, free_point: 0 });
    expect(ledger()).toHaveLength(2);
  });

  it('answers 2011 to a logged-out caller of GET /account/point', async () => {
    const { sut } = walletWorld();
    await expect(sut.getAccountPoint({ user: null, tokenInvalid: false })).rejects.toMatchObject({
      code: ResponseCode.UserNotLogin,
    });
  });
});
