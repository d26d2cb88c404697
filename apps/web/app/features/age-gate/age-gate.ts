// The view model of the age gate (/law/age), shared by its loader, its action and its screen.

export type GateError = 'invalid_birthday' | 'consent_required';

export type GateData =
  | { step: 'birthday'; redirect: string | undefined }
  | { step: 'consent'; birthday: string; ageGroup: 'minor' | 'adult'; redirect: string | undefined };
