// Operator grants (ADR 014): the service's rules and defaults, and `npm run points` end to end in a
// child process against the database under test, printing what it did.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GrantError } from '#src/services/operator-grant.service.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { balanceOf, createReader, DAY_MS, databaseUrlOf, ledgerAnomalies } from '#test/commerce.ts';
import { TEST_NOW } from '#test/factories.ts';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../src/cli/points.cli.ts', import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  expect(await ledgerAnomalies(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

const grants = () => t.app.container.services.operatorGrants;

describe('OperatorGrantService', () => {
  it('grants free points for 90 days, paid points for ever, and whatever --expires-days says', async () => {
    const reader = await createReader(t);
    const email = reader.email.toUpperCase();
    expect(await grants().grantPoints({ email, amount: 50, note: 'Support #1', paid: false })).toMatchObject({
      expiresAt: TEST_NOW + 90 * DAY_MS,
      balance: { paid_point: 0, free_point: 50 },
    });
    expect(await grants().grantPoints({ email, amount: 70, note: 'Refund', paid: true })).toMatchObject({
      expiresAt: null,
      balance: { paid_point: 70, free_point: 50 },
    });
    const short = await grants().grantPoints({ email, amount: 5, note: 'Event', paid: true, expiresDays: 3 });
    expect(short.expiresAt).toBe(TEST_NOW + 3 * DAY_MS);
    const tickets = await grants().grantPremiumTickets({ email, count: 2 });
    expect(tickets).toMatchObject({ expiresAt: TEST_NOW + 30 * DAY_MS, held: 2 });
  });

  it.each([
    ['an unknown reader', { email: 'nobody@example.test', amount: 5, note: 'x', paid: false }],
    ['zero points', { amount: 0, note: 'x', paid: false }],
    ['a fractional amount', { amount: 1.5, note: 'x', paid: false }],
    ['a typo-sized amount', { amount: 1_000_001, note: 'x', paid: false }],
    ['an empty reason', { amount: 5, note: '   ', paid: false }],
    ['zero days', { amount: 5, note: 'x', paid: false, expiresDays: 0 }],
  ])('refuses %s and grants nothing', async (_name, input) => {
    const reader = await createReader(t);
    await expect(grants().grantPoints({ email: reader.email, ...input })).rejects.toBeInstanceOf(GrantError);
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 0, free: 0 });
  });
});

describe('npm run points', () => {
  it('grants through the CLI, prints the result and exits 0; refuses with exit code 1', async () => {
    const reader = await createReader(t);
    const { url } = await databaseUrlOf(t.database);
    const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', CLI, ...args, '--database', url]);
    const granted = await cli('grant', reader.email, '120', '--reason', 'Support #42', '--paid');
    expect(granted.stdout).toMatch(
      new RegExp(
        `^Granted 120 paid points to ${reader.email} \\(user ${reader.userId}\\), never expiring\\. Balance: 120 paid \\+ 0 free\\.`,
      ),
    );
    expect(granted.stderr).toContain('"msg":"Operator granted points"');
    const ticket = await cli('grant-ticket', reader.email, '--count', '1', '--expires-days', '7');
    expect(ticket.stdout).toMatch(/^Granted 1 premium ticket to .* Premium tickets held: 1\./);
    await expect(cli('grant', reader.email, '10')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--reason'),
    });
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 120, free: 0 });
    const help = await cli('--help');
    expect(help.stdout).toContain('npm run points -- grant <email> <amount> --reason');
    // Five TypeScript processes one after the other: on a loaded two-core machine that outlasts 30 s.
  }, 300_000);
});
