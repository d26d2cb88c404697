// EmailLinkService on in-memory repositories: a link's token is stored only as its hash, expires by
// its purpose, is spent once in the transaction of its change, and stays unspent when that fails.
// The flows built on it are tested in account.service.test.ts and, over HTTP, api-account-flows.test.ts.
import { ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { EmailTakenError } from '#src/rules/conflict.error.ts';
import { TEST_NOW } from '#test/factories.ts';
import { codeOf, newEmailLinkService, TEST_TOKEN_OPTIONS } from '#test/services/harness.ts';

describe('EmailLinkService', () => {
  it('stores only the hash, mails the token, and gives password links the shorter life', async () => {
    const { sut, world } = newEmailLinkService();
    await sut.issue({ purpose: 'signup', userId: null, email: 'a@example.test', payload: {}, locale: 'en' });
    await sut.issue({
      purpose: 'password_reset',
      userId: 4,
      email: 'b@example.test',
      payload: { password_hash: 'hashed:x' },
      locale: 'ja',
    });
    expect(world.mailer.sent).toEqual([
      { kind: 'signup', to: 'a@example.test', token: 'token-1', locale: 'en', expiresInMs: 86_400_000 },
      {
        kind: 'password_reset',
        to: 'b@example.test',
        token: 'token-2',
        locale: 'ja',
        expiresInMs: TEST_TOKEN_OPTIONS.passwordTokenTtlMs,
      },
    ]);
    expect(world.tables.emailTokens).toMatchObject([
      { token_hash: world.crypto.sha256('token-1'), expires_at: TEST_NOW + TEST_TOKEN_OPTIONS.signupTokenTtlMs },
      { token_hash: world.crypto.sha256('token-2'), user_id: 4, payload: '{"password_hash":"hashed:x"}' },
    ]);
    expect(JSON.stringify(world.tables.emailTokens)).not.toContain('"token-1"');
  });

  it('spends a token once, handing its row and payload to the change; a replay or wrong purpose answers 2017', async () => {
    const { sut, world } = newEmailLinkService();
    await sut.issue({
      purpose: 'email_change',
      userId: 3,
      email: 'new@example.test',
      payload: { user_id: 3 },
      locale: 'en',
    });
    const token = world.mailer.lastToken('email_change');
    expect(await codeOf(sut.consume('password_change', token, async () => 'wrong'))).toBe(
      ResponseCode.AccountModifyInvalidToken,
    );
    const applied = await sut.consume('email_change', token, async (row, payload) => [row.email, payload]);
    expect(applied).toEqual(['new@example.test', { user_id: 3 }]);
    expect(world.tables.emailTokens[0]!.used_at).toBe(TEST_NOW);
    expect(await codeOf(sut.consume('email_change', token, async () => 'again'))).toBe(
      ResponseCode.AccountModifyInvalidToken,
    );
    expect(await codeOf(sut.consume('email_change', 'forged', async () => 'forged'))).toBe(
      ResponseCode.AccountModifyInvalidToken,
    );
  });

  it('leaves the token unspent when the change fails, and answers 2008 for an address taken meanwhile', async () => {
    const { sut, world } = newEmailLinkService();
    await sut.issue({ purpose: 'signup', userId: null, email: 'c@example.test', payload: {}, locale: 'en' });
    const token = world.mailer.lastToken('signup');
    await expect(
      sut.consume('signup', token, async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(world.tables.emailTokens[0]!.used_at).toBeNull();
    expect(
      await codeOf(
        sut.consume('signup', token, async () => {
          throw new EmailTakenError();
        }),
      ),
    ).toBe(ResponseCode.AccountEmailUsed);
    expect(world.tables.emailTokens[0]!.used_at).toBeNull();
    await expect(sut.consume('signup', token, async () => 'done')).resolves.toBe('done');
  });

  it('reads a garbled payload as empty rather than failing the link', async () => {
    const { sut, world } = newEmailLinkService();
    await sut.issue({ purpose: 'signup', userId: null, email: 'd@example.test', payload: {}, locale: 'en' });
    for (const garbled of ['not json', 'null', '42']) {
      world.tables.emailTokens[0]!.payload = garbled;
      world.tables.emailTokens[0]!.used_at = null;
      expect(await sut.consume('signup', world.mailer.lastToken('signup'), async (_row, payload) => payload)).toEqual(
        {},
      );
    }
  });

  it('tells a link valid, expired, used or invalid without spending it', async () => {
    const { sut, world } = newEmailLinkService();
    await sut.issue({ purpose: 'signup', userId: null, email: 'e@example.test', payload: {}, locale: 'en' });
    const token = world.mailer.lastToken('signup');
    expect(await sut.status(token, 'signup')).toBe('valid');
    expect(await sut.status(token, 'password_reset')).toBe('invalid');
    expect(await sut.status('', 'signup')).toBe('invalid');
    world.clock.advance(TEST_TOKEN_OPTIONS.signupTokenTtlMs);
    expect(await sut.status(token, 'signup')).toBe('expired');
    world.clock.advance(-TEST_TOKEN_OPTIONS.signupTokenTtlMs);
    expect(world.tables.emailTokens[0]!.used_at).toBeNull();
    await sut.consume('signup', token, async () => undefined);
    expect(await sut.status(token, 'signup')).toBe('used');
  });
});
