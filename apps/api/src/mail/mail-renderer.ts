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

/** One chapter of an alert mail, in the reader's language. */
export interface AlertMailChapter {
  title: string;
  episode: string;
  /** Release time as the reader reads it (wire time zone). */
  time: string;
  link: string;
}

/** The new-chapter alert mail (ADR 065): every chapter listed, with the settings and unsubscribe links. */
export function renderChapterAlertMail(
  locale: Locale,
  variables: { chapters: readonly AlertMailChapter[]; more: number; settingsLink: string; unsubscribeLink: string },
): RenderedMail {
  const words = templates[locale].chapter_alert;
  const { chapters, more } = variables;
  const count = chapters.length + more;
  const subject =
    count === 1 && chapters[0]
      ? fill(words.subject_one, { title: chapters[0].title })
      : fill(words.subject_many, { count: String(count) });
  const line = (chapter: AlertMailChapter) =>
    fill(words.chapter, { title: chapter.title, episode: chapter.episode, time: chapter.time });
  const htmlLine = (chapter: AlertMailChapter) =>
    `<li><a href="${escapeHtml(chapter.link)}">${escapeHtml(line(chapter))}</a></li>`;
  const moreText = more > 0 ? fill(words.more, { count: String(more) }) : '';
  const text = [
    words.intro,
    '',
    ...chapters.flatMap((chapter) => [`- ${line(chapter)}`, `  ${chapter.link}`]),
    ...(moreText ? [moreText] : []),
    '',
    words.settings,
    variables.settingsLink,
    '',
    words.unsubscribe,
    variables.unsubscribeLink,
    '',
    words.why,
    '',
  ].join('\n');
  const body = [
    `<p>${escapeHtml(words.intro)}</p>`,
    `<ul>${chapters.map(htmlLine).join('')}</ul>`,
    moreText ? `<p>${escapeHtml(moreText)}</p>` : '',
    `<p>${escapeHtml(words.settings)} <a href="${escapeHtml(variables.settingsLink)}">${escapeHtml(variables.settingsLink)}</a></p>`,
    `<p>${escapeHtml(words.unsubscribe)} <a href="${escapeHtml(variables.unsubscribeLink)}">${escapeHtml(variables.unsubscribeLink)}</a></p>`,
    `<p style="color:#666">${escapeHtml(words.why)}</p>`,
  ].join('');
  const html = `<!doctype html>\n<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${body}</body></html>\n`;
  return { subject, text, html };
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
