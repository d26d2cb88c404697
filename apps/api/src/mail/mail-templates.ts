// The shape of the account mails' templates (ADR 007): one set per locale in ./templates, filled in
// by mail-renderer.ts. Kept apart from the renderer so that the templates do not import it.

export type MailKind = 'signup' | 'email_change' | 'password_change' | 'password_reset' | 'unban';

export interface MailTemplate {
  subject: string;
  text: string;
  html: string;
}

export type MailTemplates = Record<MailKind, MailTemplate> & {
  durations: { minutes: string; hours: string };
};
