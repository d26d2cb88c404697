// The shape of the account mails' templates (ADR 007): one set per locale in ./templates, filled in
// by mail-renderer.ts. Kept apart from the renderer so that the templates do not import it.

/** Mails carrying a single-use link (a token). */
export type TokenMailKind = 'signup' | 'email_change' | 'password_change' | 'password_reset' | 'unban';
/**
 * Notices without a token (ADR 015), sent where a registered and an unknown address must look the
 * same to whoever asked: a sign-up for an address that has an account, a reset for one that has none.
 */
export type NoticeMailKind = 'account_exists' | 'no_account';
export type MailKind = TokenMailKind | NoticeMailKind;

export interface MailTemplate {
  subject: string;
  text: string;
  html: string;
}

/** The new-chapter alert mail (ADR 065): its words; the chapter list is built by the renderer. */
export interface ChapterAlertTemplate {
  /** `{{count}}` chapters, `{{title}}` the first chapter's title. */
  subject_one: string;
  subject_many: string;
  intro: string;
  /** A chapter line: `{{title}}`, `{{episode}}`, `{{time}}`. */
  chapter: string;
  /** `{{count}}` more chapters not listed. */
  more: string;
  settings: string;
  unsubscribe: string;
  why: string;
}

export type MailTemplates = Record<MailKind, MailTemplate> & {
  durations: { minutes: string; hours: string };
  chapter_alert: ChapterAlertTemplate;
};
