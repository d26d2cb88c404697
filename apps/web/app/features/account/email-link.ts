import type { EmailLinkPurpose, TokenStatus } from '@manga/contracts';

// An e-mailed link's page (sign-up, password reset, e-mail and password change; issue 24): its
// token and whether it still works, checked when the page opens so that a used, expired or wrong
// link says so at once instead of after the form is filled in.

/** The link's state: `missing` without a token; `unchecked` when the check could not be made (the form decides). */
export type EmailLinkStatus = TokenStatus | 'missing' | 'unchecked';

export interface EmailLink {
  token: string;
  status: EmailLinkStatus;
}

export type { EmailLinkPurpose };

/** Whether the page shows its form (or its confirm button): the link works, or could not be checked. */
export function linkOpensForm(link: EmailLink): boolean {
  return link.status === 'valid' || link.status === 'unchecked';
}
