// Renders the account mails (ADR 007) in the request's locale, as plain text and HTML.
import type { Locale } from '@manga/contracts';
import type { MailKind, MailTemplates } from '#src/mail/mail-templates.ts';
import { en } from '#src/mail/templates/en.ts';
import { ja } from '#src/mail/templates/ja.ts';

export interface MailVariables {
  link: string;
  email: string;
  /** How long the link works. */
  expiresInMs: number;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const templates: Record<Locale, MailTemplates> = { en, ja };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] as string);

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

function duration(ms: number, words: MailTemplates['durations']): string {
  const minutes = Math.round(ms / 60_000);
  return minutes % 60 === 0 && minutes >= 60
    ? fill(words.hours, { n: String(minutes / 60) })
    : fill(words.minutes, { n: String(minutes) });
}

export function renderMail(kind: MailKind, locale: Locale, variables: MailVariables): RenderedMail {
  const set = templates[locale];
  const template = set[kind];
  const values = {
    link: variables.link,
    email: variables.email,
    expires: duration(variables.expiresInMs, set.durations),
  };
  const escaped = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escapeHtml(v)]));
  const html = `<!doctype html>\n<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(template.subject)}</title></head><body>${fill(template.html, escaped)}</body></html>\n`;
  return { subject: template.subject, text: fill(template.text, values), html };
}
