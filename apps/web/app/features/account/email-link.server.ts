import { responseCodeOf } from '@manga/api-client';
import type { RouterContextProvider } from 'react-router';
import { accountApiFor } from './account-api.server.ts';
import type { EmailLink, EmailLinkPurpose } from './email-link.ts';

/**
 * The loader of an e-mailed link's page: its token, checked with GET /web/account/token/status,
 * which uses nothing up (the change still happens only on the form's submit, ADR 007). A failed
 * check leaves the form to say what the API answers on submit.
 */
export async function loadEmailLink(
  request: Request,
  context: Readonly<RouterContextProvider>,
  url: URL,
  purpose: EmailLinkPurpose,
): Promise<EmailLink> {
  const token = url.searchParams.get('token') ?? '';
  if (!token) return { token, status: 'missing' };
  try {
    const { token_status } = await accountApiFor(request, context).checkToken({ token, purpose });
    return { token, status: token_status };
  } catch (error) {
    console.warn(`GET /web/account/token/status failed with ${responseCodeOf(error)}; the form decides`);
    return { token, status: 'unchecked' };
  }
}
