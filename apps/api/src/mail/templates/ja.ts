// Japanese account mails. Placeholders as in en.ts.
import type { MailTemplates } from '#src/mail/mail-templates.ts';

const footer = {
  text: 'このメールにお心当たりのない場合は、破棄してください。リンクを開かない限り、何も変更されません。\n',
  html: '<p style="color:#666">このメールにお心当たりのない場合は、破棄してください。リンクを開かない限り、何も変更されません。</p>',
};

export const ja: MailTemplates = {
  signup: {
    subject: '会員登録を完了してください',
    text: `ご登録ありがとうございます。\n\n次のリンクを開いて、アカウント（{{email}}）の作成を完了してください。\n{{link}}\n\nリンクは一度だけ有効で、有効期限は{{expires}}です。\n\n${footer.text}`,
    html: `<p>ご登録ありがとうございます。</p><p>次のリンクを開いて、アカウント（{{email}}）の作成を完了してください。</p><p><a href="{{link}}">会員登録を完了する</a></p><p>リンクは一度だけ有効で、有効期限は{{expires}}です。</p>${footer.html}`,
  },
  email_change: {
    subject: '新しいメールアドレスの確認',
    text: `次のリンクを開くと、アカウントのメールアドレスが {{email}} に変更されます。\n{{link}}\n\nリンクは一度だけ有効で、有効期限は{{expires}}です。\n\n${footer.text}`,
    html: `<p>次のリンクを開くと、アカウントのメールアドレスが {{email}} に変更されます。</p><p><a href="{{link}}">メールアドレスを確認する</a></p><p>リンクは一度だけ有効で、有効期限は{{expires}}です。</p>${footer.html}`,
  },
  password_change: {
    subject: 'パスワード変更の確認',
    text: `次のリンクを開いて、アカウント（{{email}}）のパスワードを変更してください。\n{{link}}\n\n他の端末はログアウトされます。リンクは一度だけ有効で、有効期限は{{expires}}です。\n\n${footer.text}`,
    html: `<p>次のリンクを開いて、アカウント（{{email}}）のパスワードを変更してください。</p><p><a href="{{link}}">パスワードを変更する</a></p><p>他の端末はログアウトされます。リンクは一度だけ有効で、有効期限は{{expires}}です。</p>${footer.html}`,
  },
  password_reset: {
    subject: 'パスワードの再設定',
    text: `次のリンクを開いて、アカウント（{{email}}）のパスワードを再設定してください。\n{{link}}\n\nすべての端末がログアウトされます。リンクは一度だけ有効で、有効期限は{{expires}}です。\n\n${footer.text}`,
    html: `<p>次のリンクを開いて、アカウント（{{email}}）のパスワードを再設定してください。</p><p><a href="{{link}}">パスワードを再設定する</a></p><p>すべての端末がログアウトされます。リンクは一度だけ有効で、有効期限は{{expires}}です。</p>${footer.html}`,
  },
  unban: {
    subject: 'アカウントが一時停止されました',
    text: `アカウント（{{email}}）は一時停止されました。端末で利用を再開するには、アプリで次のリンクを開いてください。\n{{link}}\n\nリンクは一度だけ有効で、有効期限は{{expires}}です。\n`,
    html: `<p>アカウント（{{email}}）は一時停止されました。端末で利用を再開するには、アプリで次のリンクを開いてください。</p><p><a href="{{link}}">利用を再開する</a></p><p>リンクは一度だけ有効で、有効期限は{{expires}}です。</p>`,
  },
  durations: { minutes: '{{n}}分', hours: '{{n}}時間' },
};
