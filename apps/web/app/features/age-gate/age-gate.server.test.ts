import { ApiError } from '@manga/api-client';
import { ResponseCode } from '@manga/contracts';
import { describe, expect, it, vi } from 'vitest';
import { recordLaw } from './age-gate.server.ts';

const ok = { status: 'success', response_code: 0, error_message: '' };
const refused = (code: number) =>
  new ApiError({ message: 'refused', responseCode: code, httpStatus: 400, body: '', url: 'http://api.test' });

describe('recordLaw (POST /web/law from the age gate)', () => {
  it('records the consent', async () => {
    const post = vi.fn(async () => ok);
    expect(await recordLaw({ post } as never, '1990-04', false)).toBe('recorded');
    expect(post).toHaveBeenCalledWith('/web/law', { birthday: '1990-04', is_consent: 1 }, expect.anything());
  });

  it("says so when a logged-in reader's account keeps a later birthday (ADR 015)", async () => {
    const post = vi.fn(async () => {
      throw refused(ResponseCode.AccountAccessDenied);
    });
    expect(await recordLaw({ post } as never, '1990-04', true)).toBe('birthday_locked');
  });

  it('keeps the consent in the cookies on other failures', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const post = vi.fn(async () => {
      throw refused(ResponseCode.ServerError);
    });
    expect(await recordLaw({ post } as never, '1990-04', true)).toBe('cookies_only');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
