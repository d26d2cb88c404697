// Composes the account mails from templates and hands them to the mail adapter (ADR 007).
// Links point to the web app, which calls the API with the token.
import type { Locale } from '@manga/contracts';
import { renderMail } from '#src/mail/mail-renderer.ts';
import type { MailKind, NoticeMailKind, TokenMailKind } from '#src/mail/mail-templates.ts';
import type { MailRepository } from '#src/repositories/mail.repository.ts';
import { NO_OUTCOME_EVENTS, type OutcomeEvents } from '#src/services/outcome-events.service.ts';

/** Web app pages that take each kind of token (product §2). */
export const ACCOUNT_LINK_PATHS: Readonly<Record<MailKind, string>> = {
  signup: '/account/save',
  email_change: '/account/email/save',
  password_change: '/account/password/save',
  password_reset: '/account/password/reset',
  unban: '/user/unban',
  account_exists: '/account/password/prereset',
  no_account: '/account/presave',
};

export interface AccountMail {
  kind: TokenMailKind;
  to: string;
  token: string;
  locale: Locale;
  expiresInMs: number;
}

export class AccountMailer {
  constructor(
    private readonly mail: Pick<MailRepository, 'send'>,
    private readonly webPublicUrl: string,
    private readonly events: OutcomeEvents = NO_OUTCOME_EVENTS,
  ) {}

  linkFor(kind: TokenMailKind, token: string): string {
    return `${this.webPublicUrl}${ACCOUNT_LINK_PATHS[kind]}?token=${encodeURIComponent(token)}`;
  }

  async send({ kind, to, token, locale, expiresInMs }: AccountMail): Promise<void> {
    const rendered = renderMail(kind, locale, { link: this.linkFor(kind, token), email: to, expiresInMs });
    await this.events.mail(kind, () => this.mail.send({ to, ...rendered }));
  }

  /** A notice without a token (ADR 015): its link is a plain page of the web app. */
  async sendNotice({ kind, to, locale }: { kind: NoticeMailKind; to: string; locale: Locale }): Promise<void> {
    const rendered = renderMail(kind, locale, {
      link: `${this.webPublicUrl}${ACCOUNT_LINK_PATHS[kind]}`,
      email: to,
      expiresInMs: 0,
    });
    await this.events.mail(kind, () => this.mail.send({ to, ...rendered }));
  }
}
