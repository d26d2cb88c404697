// The e-mailed links of the account flows (ADR 007): a random single-use token, stored only as its
// hash with an expiry and what the flow carries, mailed to the address; opening the link consumes it
// in the transaction that applies the flow's change, so a half-finished flow changes nothing.
// AccountService owns the flows; this owns the token's life (issue, state, consume once).
import { type EmailLinkPurpose, type Locale, ResponseCode, type TokenStatus } from '@manga/contracts';
import type { EmailTokenPurpose, EmailTokenRow } from '#src/db/schema.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { EmailTokenRepository } from '#src/repositories/email-token.repository.ts';
import type { TransactionalRepositories, TransactionRepository } from '#src/repositories/transaction.repository.ts';
import { EmailTakenError } from '#src/rules/conflict.error.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import type { AccountMailer } from '#src/services/account-mailer.service.ts';
import type { SessionCrypto } from '#src/services/session.service.ts';

export interface EmailLinkOptions {
  signupTokenTtlMs: number;
  passwordTokenTtlMs: number;
}

/** What a token carries besides its purpose and address (`email_token.payload`). */
export interface EmailLinkPayload {
  /** argon2id hash of the password chosen at presave (never the password). */
  password_hash?: string;
  birthday?: string;
  consent?: { terms_of_service_minor: 0 | 1; terms_of_service_adult: 0 | 1; privacy_policy: 0 | 1 };
  /** An app user (no e-mail yet) that the sign-up registers. */
  user_id?: number;
}

export const INVALID_TOKEN_MESSAGE = 'This link is invalid, already used or expired. Please start again.';

export interface EmailLinkDeps {
  emailTokens: Pick<EmailTokenRepository, 'insertEmailToken' | 'findEmailTokenByHash'>;
  transactions: Pick<TransactionRepository, 'run'>;
  mailer: Pick<AccountMailer, 'send'>;
  crypto: SessionCrypto;
  clock: ClockRepository;
}

export class EmailLinkService {
  constructor(
    private readonly deps: EmailLinkDeps,
    private readonly options: EmailLinkOptions,
  ) {}

  /** Whether a link still works (valid, used, expired or invalid); reads only, nothing is used up. */
  async status(token: string, purpose: EmailLinkPurpose): Promise<TokenStatus> {
    const row = await this.deps.emailTokens.findEmailTokenByHash(this.deps.crypto.sha256(token));
    return emailTokenStatus(row, purpose, this.deps.clock.now());
  }

  /** Stores a new token's hash (password links expire sooner) and mails the link to `email`. */
  async issue(input: {
    purpose: EmailTokenPurpose;
    userId: number | null;
    email: string;
    payload: EmailLinkPayload;
    locale: Locale;
  }): Promise<void> {
    const now = this.deps.clock.now();
    const token = this.deps.crypto.randomToken(32);
    const ttl =
      input.purpose === 'password_change' || input.purpose === 'password_reset'
        ? this.options.passwordTokenTtlMs
        : this.options.signupTokenTtlMs;
    await this.deps.emailTokens.insertEmailToken({
      user_id: input.userId,
      purpose: input.purpose,
      token_hash: this.deps.crypto.sha256(token),
      email: input.email,
      payload: JSON.stringify(input.payload),
      created_at: now,
      expires_at: now + ttl,
    });
    const kind = input.purpose === 'unban' ? 'unban' : input.purpose;
    await this.deps.mailer.send({ kind, to: input.email, token, locale: input.locale, expiresInMs: ttl });
  }

  /**
   * Consumes the token and applies its change in one transaction: the conditional UPDATE lets
   * exactly one of two concurrent submits through (2017 for the other, for a replay, an expired
   * or unknown token); when `apply` throws, the token stays unused and nothing changed.
   */
  async consume<T>(
    purpose: EmailTokenPurpose,
    token: string,
    apply: (row: EmailTokenRow, payload: EmailLinkPayload, repositories: TransactionalRepositories) => Promise<T>,
  ): Promise<T> {
    const tokenHash = this.deps.crypto.sha256(token);
    try {
      return await this.deps.transactions.run(async (repositories) => {
        const row = await repositories.emailTokens.consumeEmailToken(tokenHash, purpose, this.deps.clock.now());
        if (!row) throw new DomainError(ResponseCode.AccountModifyInvalidToken, INVALID_TOKEN_MESSAGE);
        return apply(row, parsePayload(row.payload), repositories);
      });
    } catch (error) {
      if (error instanceof EmailTakenError) throw new DomainError(ResponseCode.AccountEmailUsed);
      throw error;
    }
  }
}

function emailTokenStatus(row: EmailTokenRow | undefined, purpose: EmailLinkPurpose, now: number): TokenStatus {
  if (!row || row.purpose !== purpose) return 'invalid';
  if (row.used_at !== null) return 'used';
  return row.expires_at > now ? 'valid' : 'expired';
}

function parsePayload(raw: string): EmailLinkPayload {
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? (parsed as EmailLinkPayload) : {};
  } catch {
    return {};
  }
}
