// SupportService's own rules on plain fakes (ADR 063): the permission is asked before anything is
// read or written, answers are built field by field (no secret of a device or session leaves), a
// console grant goes to OperatorGrantService with the request key kept per staff member, a grant's
// refusal becomes the console's error code, and ending sessions writes its audit row.
import { ResponseCode, StaffPermission } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import type { DeviceRow, NewAuditLog, UserRow, WebTokenRow } from '#src/db/schema.ts';
import type { RequestAuth } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { GrantError } from '#src/services/operator-grant.service.ts';
import { SupportService, type SupportSources } from '#src/services/support.service.ts';
import { refusal } from '#test/services/harness.ts';

const NOW = Date.UTC(2026, 10, 27, 3, 0, 0);
const DAY = 86_400_000;
const auth: RequestAuth = { user: null, tokenInvalid: false };

const reader = {
  id: 7,
  email: 'reader@example.test',
  password_hash: '$argon2id$secret-hash',
  hash_key: 'app-secret-key',
  status: 'active',
  region: 'JP',
  locale: 'ja',
  charge_type: 1,
  created_at: NOW - 10 * DAY,
} as unknown as UserRow;

function world(options: { allowed?: StaffPermission[] } = {}) {
  const allowed = new Set(options.allowed ?? Object.values(StaffPermission));
  const asked: StaffPermission[] = [];
  const reads: string[] = [];
  const audit: NewAuditLog[] = [];
  const grants: { input: unknown; actor: unknown }[] = [];
  let grantError: Error | undefined;
  const track =
    <T>(name: string, value: T) =>
    async () => {
      reads.push(name);
      return value;
    };
  const sources: SupportSources = {
    listReadersByEmailPrefix: track('search', [
      { id: 7, email: 'reader@example.test', status: 'active', region: 'JP', created_at: NOW },
    ]),
    findUserById: async (id) => {
      reads.push('user');
      return id === reader.id ? reader : undefined;
    },
    listOpenLots: track('lots', [
      { id: 1, kind: 'free' as const, remaining: 30, expires_at: NOW + 5 * DAY },
      { id: 2, kind: 'paid' as const, remaining: 100, expires_at: null },
      { id: 3, kind: 'free' as const, remaining: 10, expires_at: NOW + DAY },
      { id: 4, kind: 'free' as const, remaining: 99, expires_at: NOW - 1 },
    ]),
    listLedgerEntries: async (_userId, window) => {
      reads.push('ledger');
      return Array.from({ length: Math.min(window.limit, 3) }, (_, i) => ({
        id: 10 - i,
        kind: 'free',
        delta: 5,
        remaining: 5,
        reason: 'operator_grant',
        reference_type: 'operator',
        reference_id: 'note',
        expires_at: null,
        created_at: NOW - i,
      }));
    },
    listUsablePremiumTickets: track('tickets', [{ id: 1, expires_at: NOW + DAY }]),
    listPurchasesOfUser: track('purchases', []),
    listTicketMovements: track('movements', []),
    listEpisodeLabels: track('labels', []),
    listLiveSubscriptions: track('plans', []),
    findProduct: track('product', undefined),
    listActiveSessions: track('sessions', [
      {
        id: 3,
        user_id: 7,
        token_hash: 'f'.repeat(64),
        device_name: 'Firefox on Linux',
        platform: 0,
        user_agent: 'Mozilla/5.0',
        created_at: NOW - DAY,
        last_seen_at: NOW,
        expires_at: NOW + 30 * DAY,
        revoked_at: null,
      } satisfies WebTokenRow,
    ]),
    listDevicesByUser: track('devices', [
      {
        id: 4,
        user_id: 7,
        original_uuid: 'device-uuid',
        device: 'Pixel 9',
        platform: 2,
        os_version: '15',
        fcm_token: 'push-secret',
        advertising_id: 'ad-secret',
        regid: 'reg-secret',
        adjust_id: 'adjust-secret',
        app_instance_id: 'instance-secret',
        created_at: NOW,
        updated_at: NOW,
      } as unknown as DeviceRow,
    ]),
  };
  const sut = new SupportService({
    staff: {
      requireAccess: async (_auth, permission) => {
        asked.push(permission);
        if (!allowed.has(permission)) throw new DomainError(ResponseCode.ApiNotFound);
        return { userId: 42, status: 'active', roles: ['support'] } as never;
      },
    },
    sources,
    grants: {
      grantPoints: async (input, actor) => {
        grants.push({ input, actor });
        if (grantError) throw grantError;
        return { userId: 7, expiresAt: null, balance: { paid_point: 0, free_point: 0 }, repeated: false };
      },
      grantPremiumTickets: async (input, actor) => {
        grants.push({ input, actor });
        if (grantError) throw grantError;
        return { userId: 7, expiresAt: NOW + DAY, held: 1, repeated: true };
      },
    },
    transactions: {
      run: (work) =>
        work({
          sessions: { revokeUserSessions: async () => 2 },
          auditLog: { insertAuditLog: async (entry) => void audit.push(entry) },
        }),
    },
    clock: { now: () => NOW },
    timeZone: 'Asia/Tokyo',
  });
  return {
    sut,
    asked,
    reads,
    audit,
    grants,
    failGrants: (error: Error) => {
      grantError = error;
    },
  };
}

describe('SupportService', () => {
  it('asks for the permission of each call first, and reads nothing for someone refused', async () => {
    const w = world({ allowed: [] });
    for (const call of [
      () => w.sut.searchReaders(auth, 'reader@'),
      () => w.sut.getReader(auth, 7),
      () => w.sut.listLedger(auth, { user_id: 7 }),
      () => w.sut.grantPoints(auth, { user_id: 7, amount: 5, reason: 'x', request_key: 'abcdefgh' }),
      () => w.sut.grantTickets(auth, { user_id: 7, count: 1, reason: 'x', request_key: 'abcdefgh' }),
      () => w.sut.endSessions(auth, { user_id: 7, reason: 'x' }),
    ]) {
      expect((await refusal(call())).code).toBe(ResponseCode.ApiNotFound);
    }
    expect(w.asked).toEqual([
      StaffPermission.ReaderRead,
      StaffPermission.ReaderRead,
      StaffPermission.ReaderRead,
      StaffPermission.ReaderGrant,
      StaffPermission.ReaderGrant,
      StaffPermission.ReaderSessionEnd,
    ]);
    expect(w.reads).toEqual([]);
    expect(w.grants).toEqual([]);
    expect(w.audit).toEqual([]);
  });

  it('searches with the normalised address', async () => {
    const w = world();
    const found = await w.sut.searchReaders(auth, '  Reader@Example.TEST ');
    expect(found.reader_list).toEqual([
      { user_id: 7, email: 'reader@example.test', status: 'active', region: 'JP', created_time: '2026-11-27 12:00:00' },
    ]);
  });

  it('shows a reader: spendable lots first to expire first, no secret of the account, device or session', async () => {
    const w = world();
    const answer = await w.sut.getReader(auth, 7);
    expect(answer.wallet).toEqual({
      paid_point: 100,
      free_point: 40,
      premium_ticket_num: 1,
      lot_list: [
        { kind: 'free', remaining: 10, expire_time: '2026-11-28 12:00:00' },
        { kind: 'free', remaining: 30, expire_time: '2026-12-02 12:00:00' },
        { kind: 'paid', remaining: 100, expire_time: '' },
      ],
    });
    expect(answer.session_list).toEqual([
      {
        session_id: 3,
        device_name: 'Firefox on Linux',
        platform: 0,
        user_agent: 'Mozilla/5.0',
        created_time: '2026-11-26 12:00:00',
        last_seen_time: '2026-11-27 12:00:00',
        expire_time: '2026-12-27 12:00:00',
      },
    ]);
    const text = JSON.stringify(answer);
    for (const secret of ['secret', 'f'.repeat(64), 'device-uuid']) expect(text).not.toContain(secret);
    expect((await refusal(w.sut.getReader(auth, 8))).code).toBe(ResponseCode.UserNotExist);
  });

  it('pages the ledger with one row more than the page to know whether there is a next', async () => {
    const w = world();
    const page = await w.sut.listLedger(auth, { user_id: 7, limit: 2 });
    expect(page.ledger_list.map((entry) => entry.ledger_id)).toEqual([10, 9]);
    expect(page.has_next).toBe(1);
    expect((await w.sut.listLedger(auth, { user_id: 7, limit: 5 })).has_next).toBe(0);
  });

  it('grants through OperatorGrantService with the key kept per staff member, and answers the wallet after', async () => {
    const w = world();
    const answer = await w.sut.grantPoints(auth, {
      user_id: 7,
      amount: 100,
      paid: 1,
      reason: 'Refund',
      request_key: 'abcdefgh',
    });
    expect(w.grants).toEqual([
      {
        input: { userId: 7, amount: 100, paid: true, note: 'Refund' },
        actor: { via: 'console', userId: 42, requestKey: '42:abcdefgh' },
      },
    ]);
    expect(answer.grant).toEqual({ user_id: 7, repeated: 0, paid_point: 100, free_point: 40, premium_ticket_num: 1 });
    const tickets = await w.sut.grantTickets(auth, {
      user_id: 7,
      count: 1,
      expire_days: 3,
      reason: 'Sorry',
      request_key: 'ijklmnop',
    });
    expect(tickets.grant.repeated).toBe(1);
    expect(w.grants[1]?.input).toEqual({ userId: 7, count: 1, note: 'Sorry', expiresDays: 3 });
  });

  it('turns a grant refusal into the console error: an unknown account, or a bad parameter', async () => {
    const w = world();
    w.failGrants(new GrantError('No such account'));
    const input = { user_id: 9, amount: 5, reason: 'x', request_key: 'abcdefgh' };
    expect((await refusal(w.sut.grantPoints(auth, input))).code).toBe(ResponseCode.UserNotExist);
    w.failGrants(new GrantError('amount must be a whole number from 1 to 1000000'));
    const bad = await refusal(w.sut.grantPoints(auth, input));
    expect([bad.code, bad.message]).toEqual([
      ResponseCode.InvalidParameter,
      'amount must be a whole number from 1 to 1000000',
    ]);
  });

  it('ends the sessions with an audit row of who, why and how many', async () => {
    const w = world();
    expect(await w.sut.endSessions(auth, { user_id: 7, reason: 'Stolen phone' })).toEqual({ ended: 2 });
    expect(w.audit).toEqual([
      {
        actor_user_id: 42,
        action: 'reader.sessions_end',
        target_type: 'user',
        target_id: 7,
        reason: 'Stolen phone',
        detail: JSON.stringify({ via: 'console', ended: 2 }),
        created_at: NOW,
      },
    ]);
    expect((await refusal(w.sut.endSessions(auth, { user_id: 8, reason: 'x' }))).code).toBe(ResponseCode.UserNotExist);
  });
});
