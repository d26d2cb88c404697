// Consent state → the /web/law and /web/opt_out wire shapes (ADR 007).
import type { LawResponse, OptOut } from '@manga/contracts';

export interface LawState {
  birthday: string | undefined;
  ageGroup: 'minor' | 'adult' | undefined;
  consent: boolean;
}

export function toLawResponse(state: LawState): Omit<LawResponse, 'status' | 'response_code' | 'error_message'> {
  return {
    terms_of_service_update_flag: 0,
    privacy_policy_update_flag: 0,
    birthday: state.birthday ?? '',
    age_group: state.ageGroup ?? '',
    is_consent: state.consent ? 1 : 0,
  };
}

export function toOptOutResponse(user: { opt_out_ads: number; opt_out_analysis: number } | undefined): OptOut {
  return { ads: user?.opt_out_ads ? 1 : 0, analysis: user?.opt_out_analysis ? 1 : 0 };
}
