import { passwordMessages, passwordsDoNotMatchMessage } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import en from '#app/i18n/en.json' with { type: 'json' };
import {
  validateEmailChangeForm,
  validateLoginForm,
  validateNewPasswordForm,
  validatePasswordChangeForm,
  validatePasswordResetForm,
  validateSignupForm,
} from './account-forms.ts';
import { loginPathFor, loginReturnTarget, withQuery } from './account-paths.ts';

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

const GOOD = 'Good-pass-2026';

describe('account forms (product §5)', () => {
  it('requires an address and a password to log in, trimming the address', () => {
    expect(validateLoginForm(form({ email: '', password: '' }))).toEqual({
      ok: false,
      errors: { email: 'account.errors.email_required', password: 'account.errors.password_required' },
    });
    expect(validateLoginForm(form({ email: 'not-an-address', password: 'x' }))).toMatchObject({
      errors: { email: 'account.errors.email_invalid' },
    });
    expect(validateLoginForm(form({ email: ' a@example.com ', password: 'x' }))).toEqual({
      ok: true,
      values: { email: 'a@example.com', password: 'x' },
    });
  });

  it('needs both the terms and the privacy policy agreed to before sign-up', () => {
    expect(validateSignupForm(form({ email: 'a@example.com' }))).toEqual({
      ok: false,
      errors: { terms: 'account.errors.terms_required', privacy: 'account.errors.privacy_required' },
    });
    expect(validateSignupForm(form({ email: 'a@example.com', terms: '1' }))).toEqual({
      ok: false,
      errors: { privacy: 'account.errors.privacy_required' },
    });
    expect(validateSignupForm(form({ email: 'a@example.com', terms: '1', privacy: '1' }))).toEqual({
      ok: true,
      values: { email: 'a@example.com' },
    });
  });

  it('checks a new password by the product rules rules, then the confirmation', () => {
    expect(validateNewPasswordForm(form({ password: 'short', password_confirmation: 'short' }))).toEqual({
      ok: false,
      errors: { password: 'password_error.short_or_too_long_characters' },
    });
    expect(validateNewPasswordForm(form({ password: 'alllowercase1', password_confirmation: '' }))).toMatchObject({
      errors: { password: 'password_error.must_include_characters' },
    });
    expect(validateNewPasswordForm(form({ password: 'Pässword-2026', password_confirmation: '' }))).toMatchObject({
      errors: { password: 'password_error.ignore_character' },
    });
    expect(validateNewPasswordForm(form({ password: GOOD, password_confirmation: 'Other-pass-2026' }))).toEqual({
      ok: false,
      errors: { password_confirmation: 'password_error.mismatch' },
    });
    expect(validateNewPasswordForm(form({ password: GOOD, password_confirmation: GOOD }))).toEqual({
      ok: true,
      values: { password: GOOD },
    });
  });

  it('checks password change, reset and e-mail change forms', () => {
    expect(
      validatePasswordChangeForm(form({ current_password: '', new_password: GOOD, new_password_confirmation: GOOD })),
    ).toEqual({ ok: false, errors: { current_password: 'account.errors.password_required' } });
    expect(
      validatePasswordChangeForm(
        form({ current_password: 'old', new_password: GOOD, new_password_confirmation: GOOD }),
      ),
    ).toEqual({ ok: true, values: { currentPassword: 'old', newPassword: GOOD } });
    expect(
      validatePasswordResetForm(form({ email: 'a@example.com', new_password: GOOD, new_password_confirmation: 'x' })),
    ).toEqual({ ok: false, errors: { new_password_confirmation: 'password_error.mismatch' } });
    expect(validateEmailChangeForm(form({ new_email: 'b@example', password: 'p' }))).toEqual({
      ok: false,
      errors: { new_email: 'account.errors.email_invalid' },
    });
  });

  it('shows the product §5 texts in English', () => {
    for (const [key, message] of Object.entries(passwordMessages)) {
      expect(en.password_error[key as keyof typeof passwordMessages]).toBe(message);
    }
    expect(en.password_error.mismatch).toBe(passwordsDoNotMatchMessage);
  });
});

describe('account paths', () => {
  it('opens the login dialog with a safe return target', () => {
    expect(loginPathFor('/my/setting')).toBe('/?dialog=login&redirect=%2Fmy%2Fsetting');
    expect(loginPathFor('//evil.example')).toBe('/?dialog=login');
    expect(loginPathFor('/')).toBe('/?dialog=login');
    expect(withQuery('/?dialog=login&redirect=%2Fmy', 'login_error', '2002')).toBe(
      '/?dialog=login&redirect=%2Fmy&login_error=2002',
    );
  });

  // A logged-out reader who follows a link drawn before the logout (`/my/setting?dialog=login`) is
  // sent to the login by the /my middleware; once logged in, the page must not open the dialog again.
  it('never carries the dialog or a failed try into the return target', () => {
    expect(loginPathFor('/my/setting?dialog=login')).toBe('/?dialog=login&redirect=%2Fmy%2Fsetting');
    expect(loginReturnTarget('/my/setting?dialog=signup&login_error=2002')).toBe('/my/setting');
    expect(loginReturnTarget('/search?keyword=a%20b&dialog=login#top')).toBe('/search?keyword=a+b#top');
    expect(loginReturnTarget('/title/10001?x=1#c')).toBe('/title/10001?x=1#c');
    expect(loginReturnTarget('/?dialog=login')).toBe('/');
    expect(loginReturnTarget('//evil.example?dialog=login')).toBeUndefined();
    expect(loginReturnTarget('/.//evil.example?dialog=login')).toBeUndefined();
    expect(loginReturnTarget(null)).toBeUndefined();
  });
});
