import { describe, expect, it } from 'vitest';
import {
  isResponseCode,
  ResponseCode,
  responseCodeMessage,
  responseCodeMessageKey,
  responseCodeMessages,
  responseCodeName,
} from './response-code.ts';

// Every code with the message key it must use (product §8 plus wire §5.1).
const expectedKeys: [number, string][] = [
  [0, 'success'],
  [1001, 'invalid_parameter'],
  [1002, 'api_not_found'],
  [1098, 'server_maintenance'],
  [1099, 'server_error'],
  [1101, 'web_token_invalid'],
  [1102, 'web_token_create_failed'],
  [2000, 'user_not_exist'],
  [2001, 'account_not_active'],
  [2002, 'user_login_failed'],
  [2003, 'user_connect_device_over'],
  [2004, 'user_logout_failed'],
  [2005, 'account_invalid_email'],
  [2006, 'account_invalid_password'],
  [2007, 'account_already_registered'],
  [2008, 'account_email_used'],
  [2009, 'account_save_failed'],
  [2010, 'exists_original_uuid'],
  [2011, 'user_not_login'],
  [2012, 'account_unregistered'],
  [2013, 'account_resigned'],
  [2014, 'account_banned'],
  [2015, 'account_email_resigned'],
  [2016, 'account_access_denied'],
  [2017, 'account_modify_invalid_token'],
  [2018, 'account_access_denied'],
  [2019, 'account_suspended'],
  [2030, 'nickname_invalid'],
  [2031, 'nickname_taken'],
  [2032, 'nickname_change_too_soon'],
  [3000, 'title_not_found'],
  [3100, 'episode_not_found'],
  [3101, 'episode_cannot_buy'],
  [3102, 'episode_already_purchased'],
  [3103, 'episode_cannot_rent'],
  [3104, 'viewer_episode_not_found'],
  [3105, 'episode_unpurchased'],
  [3110, 'point_shortage'],
  [3111, 'price_mismatch'],
  [3112, 'ticket_shortage'],
  [3200, 'weekly_title_not_found'],
  [3300, 'favorite_limit_over'],
  [3301, 'bookmark_limit_over'],
  [3400, 'plan_already_subscribed'],
  [3401, 'plan_checkout_open'],
  [6100, 'post_comment_ngword'],
  [6301, 'post_comment_limit_over'],
  [6500, 'post_comment_error'],
];

describe('ResponseCode', () => {
  it('lists exactly the expected codes', () => {
    expect(Object.values(ResponseCode).sort((a, b) => a - b)).toEqual(expectedKeys.map(([code]) => code));
  });

  it('has the product rules names for spot-checked codes', () => {
    expect(ResponseCode.ServerMaintenance).toBe(1098);
    expect(ResponseCode.WebTokenInvalid).toBe(1101);
    expect(ResponseCode.AccountTermViolation).toBe(2018);
    expect(ResponseCode.EpisodeUnpurchased).toBe(3105);
    expect(ResponseCode.PostCommentLimitOver).toBe(6301);
  });
});

describe('responseCodeName', () => {
  it('returns the PascalCase name of a known code', () => {
    expect(responseCodeName(3100)).toBe('EpisodeNotFound');
    expect(responseCodeName(0)).toBe('Success');
    expect(responseCodeName(2010)).toBe('ExistsOriginalUuid');
  });

  it('returns undefined for unknown codes', () => {
    expect(responseCodeName(3106)).toBeUndefined();
    expect(responseCodeName(-1)).toBeUndefined();
  });

  it('round-trips every code', () => {
    for (const [name, code] of Object.entries(ResponseCode)) expect(responseCodeName(code)).toBe(name);
  });
});

describe('isResponseCode', () => {
  it('accepts known and rejects unknown codes', () => {
    expect(isResponseCode(1099)).toBe(true);
    expect(isResponseCode(1)).toBe(false);
  });
});

describe('responseCodeMessageKey', () => {
  it.each(expectedKeys)('maps %i to response_code_message.%s', (code, key) => {
    expect(responseCodeMessageKey(code)).toBe(`response_code_message.${key}`);
  });

  it.each([1, 3106, 9999, -5, 1.5, Number.NaN])('falls back to server_error for unknown code %s', (code) => {
    expect(responseCodeMessageKey(code)).toBe('response_code_message.server_error');
  });
});

describe('responseCodeMessages', () => {
  it('has a non-empty text for every key a code can produce', () => {
    for (const [code] of expectedKeys) {
      const text = responseCodeMessages[responseCodeMessageKey(code)];
      expect(text, `code ${code}`).toEqual(expect.any(String));
      expect(text?.length, `code ${code}`).toBeGreaterThan(0);
    }
  });

  it('has no key that no code produces', () => {
    const produced = new Set(expectedKeys.map(([code]) => responseCodeMessageKey(code)));
    expect(Object.keys(responseCodeMessages).sort()).toEqual([...produced].sort());
  });

  it('keeps the product §8 texts verbatim', () => {
    expect(responseCodeMessages).toMatchObject({
      'response_code_message.server_error': 'An error has occurred. Please check back again soon.',
      'response_code_message.account_not_active': 'This account is unavailable.',
      'response_code_message.user_login_failed': 'Unable to log in.',
      'response_code_message.user_connect_device_over': 'Max number of logged in devices reached...',
      'response_code_message.account_invalid_password': 'Password is incorrect.',
      'response_code_message.exists_original_uuid': 'Account not found.',
      'response_code_message.account_modify_invalid_token': 'Your session has timed out. Please try again.',
      'response_code_message.post_comment_ngword': 'offensive or discriminatory content detected.',
    });
  });
});

describe('responseCodeMessage', () => {
  it('returns the text of the code key', () => {
    expect(responseCodeMessage(ResponseCode.UserLoginFailed)).toBe('Unable to log in.');
    expect(responseCodeMessage(ResponseCode.PostCommentLimitOver)).toContain('10 comments per hour');
  });

  it('uses the shared texts for 2016, 2018 and 2019', () => {
    expect(responseCodeMessage(2018)).toBe(responseCodeMessage(2016));
    expect(responseCodeMessage(2019)).toBe('This account has been suspended.');
  });

  it('returns the server-error text for unknown codes', () => {
    expect(responseCodeMessage(4242)).toBe('An error has occurred. Please check back again soon.');
  });
});
