// English account mails. Placeholders: {{link}} (the single-use link), {{email}}, {{expires}}.
// Text bodies are plain; HTML bodies get every placeholder HTML-escaped by the renderer.
import type { MailTemplates } from '#src/mail/mail-templates.ts';

const footer = {
  text: 'If you did not ask for this, ignore this mail: nothing changes until the link is opened.\n',
  html: '<p style="color:#666">If you did not ask for this, ignore this mail: nothing changes until the link is opened.</p>',
};

export const en: MailTemplates = {
  signup: {
    subject: 'Complete your registration',
    text: `Thank you for signing up.\n\nOpen this link to finish creating your account ({{email}}):\n{{link}}\n\nThe link works once and expires in {{expires}}.\n\n${footer.text}`,
    html: `<p>Thank you for signing up.</p><p>Open this link to finish creating your account ({{email}}):</p><p><a href="{{link}}">Complete registration</a></p><p>The link works once and expires in {{expires}}.</p>${footer.html}`,
  },
  email_change: {
    subject: 'Confirm your new email address',
    text: `Open this link to use {{email}} as the email address of your account:\n{{link}}\n\nThe link works once and expires in {{expires}}.\n\n${footer.text}`,
    html: `<p>Open this link to use {{email}} as the email address of your account:</p><p><a href="{{link}}">Confirm email address</a></p><p>The link works once and expires in {{expires}}.</p>${footer.html}`,
  },
  password_change: {
    subject: 'Confirm your password change',
    text: `Open this link to change the password of your account ({{email}}):\n{{link}}\n\nOther devices will be logged out. The link works once and expires in {{expires}}.\n\n${footer.text}`,
    html: `<p>Open this link to change the password of your account ({{email}}):</p><p><a href="{{link}}">Change password</a></p><p>Other devices will be logged out. The link works once and expires in {{expires}}.</p>${footer.html}`,
  },
  password_reset: {
    subject: 'Reset your password',
    text: `Open this link to reset the password of your account ({{email}}):\n{{link}}\n\nAll devices will be logged out. The link works once and expires in {{expires}}.\n\n${footer.text}`,
    html: `<p>Open this link to reset the password of your account ({{email}}):</p><p><a href="{{link}}">Reset password</a></p><p>All devices will be logged out. The link works once and expires in {{expires}}.</p>${footer.html}`,
  },
  unban: {
    subject: 'Your account has been suspended',
    text: `Your account ({{email}}) has been suspended. To restore it on your device, open this link in the app:\n{{link}}\n\nThe link works once and expires in {{expires}}.\n`,
    html: `<p>Your account ({{email}}) has been suspended. To restore it on your device, open this link in the app:</p><p><a href="{{link}}">Restore account</a></p><p>The link works once and expires in {{expires}}.</p>`,
  },
  account_exists: {
    subject: 'You already have an account',
    text: `Someone asked to sign up with {{email}}, but an account already uses this address.\n\nIf it was you, log in, or set a new password here:\n{{link}}\n\nIf it was not you, ignore this mail: nothing has changed.\n`,
    html: `<p>Someone asked to sign up with {{email}}, but an account already uses this address.</p><p>If it was you, log in, or <a href="{{link}}">set a new password</a>.</p><p style="color:#666">If it was not you, ignore this mail: nothing has changed.</p>`,
  },
  no_account: {
    subject: 'Password reset requested',
    text: `Someone asked to reset the password of an account at {{email}}, but no active account uses this address.\n\nIf it was you, you may have signed up with another address, or you can create an account here:\n{{link}}\n\nIf it was not you, ignore this mail.\n`,
    html: `<p>Someone asked to reset the password of an account at {{email}}, but no active account uses this address.</p><p>If it was you, you may have signed up with another address, or you can <a href="{{link}}">create an account</a>.</p><p style="color:#666">If it was not you, ignore this mail.</p>`,
  },
  chapter_alert: {
    subject_one: 'New chapter: {{title}}',
    subject_many: '{{count}} new chapters of titles you follow',
    intro: 'New chapters of titles you follow are out:',
    chapter: '{{title}} — {{episode}} ({{time}})',
    more: 'and {{count}} more.',
    settings: 'Choose which titles send alerts in your settings:',
    unsubscribe: 'Stop these e-mails (one click, no login):',
    why: 'You get this mail because you turned on new-chapter alerts. At most one is sent a day.',
  },
  durations: { minutes: '{{n}} minutes', hours: '{{n}} hours' },
};
