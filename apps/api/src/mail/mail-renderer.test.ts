import { describe, expect, it } from 'vitest';
import { renderMail } from '#src/mail/mail-renderer.ts';
import type { MailKind } from '#src/mail/mail-templates.ts';

const kinds: MailKind[] = [
  'signup',
  'email_change',
  'password_change',
  'password_reset',
  'unban',
  'account_exists',
  'no_account',
];

describe('renderMail', () => {
  it.each(kinds.flatMap((kind) => (['en', 'ja'] as const).map((locale) => [kind, locale] as const)))(
    '%s in %s has a subject, the link in text and HTML, and no placeholder left',
    (kind, locale) => {
      const mail = renderMail(kind, locale, {
        link: 'http://web.test/x?token=abc',
        email: 'a@b.test',
        expiresInMs: 3_600_000,
      });
      expect(mail.subject).not.toBe('');
      expect(mail.text).toContain('http://web.test/x?token=abc');
      expect(mail.html).toContain('href="http://web.test/x?token=abc"');
      expect(`${mail.text}${mail.html}`).not.toMatch(/\{\{/);
      expect(mail.html).toContain(`<html lang="${locale}">`);
    },
  );

  it('escapes values in HTML but not in text', () => {
    const mail = renderMail('email_change', 'en', {
      link: 'http://w.test/?a=1&b=2',
      email: '"x"<y>@z.test',
      expiresInMs: 60_000 * 90,
    });
    expect(mail.html).toContain('http://w.test/?a=1&amp;b=2');
    expect(mail.html).toContain('&quot;x&quot;&lt;y&gt;@z.test');
    expect(mail.text).toContain('http://w.test/?a=1&b=2');
    expect(mail.text).toContain('90 minutes');
  });

  it('words the expiry in hours or minutes per locale', () => {
    expect(renderMail('signup', 'en', { link: 'l', email: 'e', expiresInMs: 24 * 3_600_000 }).text).toContain(
      '24 hours',
    );
    expect(renderMail('password_reset', 'ja', { link: 'l', email: 'e', expiresInMs: 3_600_000 }).text).toContain(
      '1時間',
    );
  });
});
