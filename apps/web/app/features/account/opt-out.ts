import type { AnyFormResult } from './account-forms.ts';

// The view model of the opt-out page (/my/setting/optout), shared by its loader, action and screen.

/** The stored choices: true opts out. */
export interface OptOutChoices {
  ads: boolean;
  analysis: boolean;
}

/** What the opt-out form answers: an API code, or the choices saved (1 opts out). */
export type OptOutFormResult =
  | Exclude<AnyFormResult, { status: 'done' }>
  | { status: 'done'; optOut: { ads: number; analysis: number } };
