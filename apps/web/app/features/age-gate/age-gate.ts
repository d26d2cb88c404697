// The view model of the age gate (/law/age), shared by its loader, its action and its screen.

/**
 * `birthday_locked`: the reader is logged in and entered a birthday earlier than their account's,
 * which only support may change (ADR 015).
 */
export type GateError = 'invalid_birthday' | 'consent_required' | 'birthday_locked';

export type GateData =
  | { step: 'birthday'; redirect: string | undefined }
  | { step: 'consent'; birthday: string; ageGroup: 'minor' | 'adult'; redirect: string | undefined };
