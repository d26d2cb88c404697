import { isValidEmail, type PasswordError, validatePassword } from '@manga/contracts';

// The account forms' own checks (product §5), shared by the browser (before sending) and the server
// actions (the same checks again, for visitors without JavaScript). Errors are i18n keys.

export type FieldErrorKey =
  | 'account.errors.email_required'
  | 'account.errors.email_invalid'
  | 'account.errors.password_required'
  | 'account.errors.terms_required'
  | 'account.errors.privacy_required'
  | `password_error.${PasswordError}`
  | 'password_error.mismatch';

export type FieldErrors<Field extends string> = Partial<Record<Field, FieldErrorKey>>;

/** A form's fields as the server action or the browser read them. */
export type FormValues = { get(name: string): FormDataEntryValue | null };

/** What a device form of the settings page asks for (`intent`): one session (`session_id`) or every other one. */
export const REVOKE_SESSION_INTENT = 'revoke';
export const REVOKE_OTHER_SESSIONS_INTENT = 'revoke_others';

export function text(form: FormValues, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

function checked(form: FormValues, name: string): boolean {
  const value = form.get(name);
  return value !== null && value !== '' && value !== '0';
}

function emailError(email: string): FieldErrorKey | undefined {
  if (email.trim() === '') return 'account.errors.email_required';
  if (!isValidEmail(email.trim())) return 'account.errors.email_invalid';
  return undefined;
}

/** A new password by product §5's rules. */
function newPasswordError(password: string): FieldErrorKey | undefined {
  if (password === '') return 'account.errors.password_required';
  const error = validatePassword(password);
  return error ? `password_error.${error}` : undefined;
}

/** The confirmation of a new password, checked once the password itself passes. */
function confirmationError(password: string, confirmation: string): FieldErrorKey | undefined {
  if (newPasswordError(password)) return undefined;
  return password === confirmation ? undefined : 'password_error.mismatch';
}

/** An existing password: only required (its rules were checked when it was chosen). */
function currentPasswordError(password: string): FieldErrorKey | undefined {
  return password === '' ? 'account.errors.password_required' : undefined;
}

function compact<Field extends string>(errors: Record<Field, FieldErrorKey | undefined>): FieldErrors<Field> {
  const result: FieldErrors<Field> = {};
  for (const [field, error] of Object.entries(errors) as [Field, FieldErrorKey | undefined][]) {
    if (error) result[field] = error;
  }
  return result;
}

/** The check of a form with nothing to check before sending (the device and opt-out forms). */
export const noFormChecks = (_form: FormValues): Validated<never, object> => ({ ok: true, values: {} });

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}

export type Validated<Field extends string, Values> =
  | { ok: true; values: Values }
  | { ok: false; errors: FieldErrors<Field> };

function validated<Field extends string, Values>(
  errors: Record<Field, FieldErrorKey | undefined>,
  values: Values,
): Validated<Field, Values> {
  const found = compact(errors);
  return hasErrors(found) ? { ok: false, errors: found } : { ok: true, values };
}

/** Login: an address and a password. */
export function validateLoginForm(form: FormValues) {
  const email = text(form, 'email').trim();
  const password = text(form, 'password');
  return validated({ email: emailError(email), password: currentPasswordError(password) }, { email, password });
}

/** Sign-up (first step): an address, and both the terms and the privacy policy agreed to (product §5). */
export function validateSignupForm(form: FormValues) {
  const email = text(form, 'email').trim();
  return validated(
    {
      email: emailError(email),
      terms: checked(form, 'terms') ? undefined : ('account.errors.terms_required' as const),
      privacy: checked(form, 'privacy') ? undefined : ('account.errors.privacy_required' as const),
    },
    { email },
  );
}

/** Choosing a password twice (sign-up's second step). */
export function validateNewPasswordForm(form: FormValues) {
  const password = text(form, 'password');
  const confirmation = text(form, 'password_confirmation');
  return validated(
    {
      password: newPasswordError(password),
      password_confirmation: confirmationError(password, confirmation),
    },
    { password },
  );
}

/** Password change: the current password, and the new one twice. */
export function validatePasswordChangeForm(form: FormValues) {
  const currentPassword = text(form, 'current_password');
  const newPassword = text(form, 'new_password');
  const confirmation = text(form, 'new_password_confirmation');
  return validated(
    {
      current_password: currentPasswordError(currentPassword),
      new_password: newPasswordError(newPassword),
      new_password_confirmation: confirmationError(newPassword, confirmation),
    },
    { currentPassword, newPassword },
  );
}

/** Password reset: the account's address, and the new password twice. */
export function validatePasswordResetForm(form: FormValues) {
  const email = text(form, 'email').trim();
  const newPassword = text(form, 'new_password');
  const confirmation = text(form, 'new_password_confirmation');
  return validated(
    {
      email: emailError(email),
      new_password: newPasswordError(newPassword),
      new_password_confirmation: confirmationError(newPassword, confirmation),
    },
    { email, newPassword },
  );
}

/** E-mail change: the new address and the current password. */
export function validateEmailChangeForm(form: FormValues) {
  const newEmail = text(form, 'new_email').trim();
  const password = text(form, 'password');
  return validated(
    { new_email: emailError(newEmail), password: currentPasswordError(password) },
    { newEmail, password },
  );
}

/** What an account form's action answers: field errors, an API code for the error modal, or success. */
export type FormResult<Field extends string, Done extends object = object> =
  | { status: 'invalid'; errors: FieldErrors<Field> }
  | FailedResult
  | ({ status: 'done' } & Done);

/** A refused call: its response code, and when a throttled one (HTTP 429) may be tried again. */
export type FailedResult = { status: 'failed'; code: number; retryAfterSeconds?: number };

/** Any form's result, as components read it. */
export type AnyFormResult =
  | { status: 'invalid'; errors: Partial<Record<string, FieldErrorKey>> }
  | FailedResult
  | { status: 'done' };
