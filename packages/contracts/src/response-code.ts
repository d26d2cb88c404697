import { COMMENT_LIMIT_TEXT } from './comment.rules.ts';
import { MAX_BOOKMARK_NUM, MAX_FAVORITE_NUM } from './constants.ts';
import { NICKNAME_CHANGE_INTERVAL_DAYS, NICKNAME_MAX_LENGTH, NICKNAME_MIN_LENGTH } from './nickname.rules.ts';

/**
 * Every `response_code` the API answers with (product §8). 1001 and 3101–3105 come from the
 * clients (wire §5.1); 1002 is ours, for an unknown API path, and so are 3110–3112 (ADR 014), 3300 (ADR 017), 3301 (ADR 044),
 * 3400–3401 (ADR 024)
 * and 2030–2032 (ADR 066).
 */
export const ResponseCode = {
  Success: 0,
  InvalidParameter: 1001,
  ApiNotFound: 1002,
  ServerMaintenance: 1098,
  ServerError: 1099,
  WebTokenInvalid: 1101,
  WebTokenCreateFailed: 1102,
  UserNotExist: 2000,
  AccountNotActive: 2001,
  UserLoginFailed: 2002,
  UserConnectDeviceOver: 2003,
  UserLogoutFailed: 2004,
  AccountInvalidEmail: 2005,
  AccountInvalidPassword: 2006,
  AccountAlreadyRegistered: 2007,
  AccountEmailUsed: 2008,
  AccountSaveFailed: 2009,
  ExistsOriginalUuid: 2010,
  UserNotLogin: 2011,
  AccountUnregistered: 2012,
  AccountResigned: 2013,
  AccountBanned: 2014,
  AccountEmailResigned: 2015,
  AccountAccessDenied: 2016,
  AccountModifyInvalidToken: 2017,
  AccountTermViolation: 2018,
  AccountSuspended: 2019,
  // Ours (ADR 066): a reader's nickname refused.
  NicknameInvalid: 2030,
  NicknameTaken: 2031,
  NicknameChangeTooSoon: 2032,
  TitleNotFound: 3000,
  EpisodeNotFound: 3100,
  EpisodeCannotBuy: 3101,
  EpisodeAlreadyPurchased: 3102,
  EpisodeCannotRent: 3103,
  ViewerEpisodeNotFound: 3104,
  EpisodeUnpurchased: 3105,
  // Ours (ADR 014): the wallet and ticket refusals no client names a code for.
  PointShortage: 3110,
  PriceMismatch: 3111,
  TicketShortage: 3112,
  WeeklyTitleNotFound: 3200,
  // Ours (ADR 017): following one title more than MAX_FAVORITE_NUM allows.
  FavoriteLimitOver: 3300,
  // Ours (ADR 044): keeping more page bookmarks than MAX_BOOKMARK_NUM allows.
  BookmarkLimitOver: 3301,
  // Ours (ADR 024): one monthly plan per reader.
  PlanAlreadySubscribed: 3400,
  PlanCheckoutOpen: 3401,
  PostCommentNgword: 6100,
  PostCommentLimitOver: 6301,
  PostCommentError: 6500,
} as const;

export type ResponseCodeName = keyof typeof ResponseCode;
export type ResponseCode = (typeof ResponseCode)[ResponseCodeName];

const nameByCode = new Map<number, ResponseCodeName>(
  (Object.entries(ResponseCode) as [ResponseCodeName, ResponseCode][]).map(([name, code]) => [code, name]),
);

export function isResponseCode(code: number): code is ResponseCode {
  return nameByCode.has(code);
}

/** The PascalCase name of a known code, e.g. 3100 → 'EpisodeNotFound'. */
export function responseCodeName(code: number): ResponseCodeName | undefined {
  return nameByCode.get(code);
}

const MESSAGE_KEY_PREFIX = 'response_code_message.';
const FALLBACK_MESSAGE_KEY = `${MESSAGE_KEY_PREFIX}server_error`;

// product §8: these codes show the access-denied or suspended message instead of their own.
const sharedMessageKeys: ReadonlyMap<number, string> = new Map([
  [ResponseCode.AccountAccessDenied, `${MESSAGE_KEY_PREFIX}account_access_denied`],
  [ResponseCode.AccountTermViolation, `${MESSAGE_KEY_PREFIX}account_access_denied`],
  [ResponseCode.AccountSuspended, `${MESSAGE_KEY_PREFIX}account_suspended`],
]);

function toSnakeCase(pascal: string): string {
  return pascal.replace(/(?<!^)([A-Z])/g, '_$1').toLowerCase();
}

/** The i18n key of a code's message: `response_code_message.{snake_case name}`, server_error when unknown. */
export function responseCodeMessageKey(code: number): string {
  const shared = sharedMessageKeys.get(code);
  if (shared) return shared;
  const name = nameByCode.get(code);
  return name ? `${MESSAGE_KEY_PREFIX}${toSnakeCase(name)}` : FALLBACK_MESSAGE_KEY;
}

/**
 * English message per key. Texts quoted in product §8 are kept verbatim (including their
 * capitalisation and trailing dots); the others are ours.
 */
export const responseCodeMessages: Readonly<Record<string, string>> = {
  'response_code_message.success': 'Success.',
  'response_code_message.invalid_parameter': 'The request contains an invalid parameter.',
  'response_code_message.api_not_found': 'The requested API does not exist.',
  'response_code_message.server_maintenance': 'The service is under maintenance. Please check back again soon.',
  'response_code_message.server_error': 'An error has occurred. Please check back again soon.',
  'response_code_message.web_token_invalid': 'Your session has expired. Please log in again.',
  'response_code_message.web_token_create_failed': 'Unable to start your session. Please try again.',
  'response_code_message.user_not_exist': 'User not found.',
  'response_code_message.account_not_active': 'This account is unavailable.',
  'response_code_message.user_login_failed': 'Unable to log in.',
  'response_code_message.user_connect_device_over': 'Max number of logged in devices reached...',
  'response_code_message.user_logout_failed': 'Unable to log out. Please try again.',
  'response_code_message.account_invalid_email': 'The email address is invalid.',
  'response_code_message.account_invalid_password': 'Password is incorrect.',
  'response_code_message.account_already_registered': 'This account is already registered.',
  'response_code_message.account_email_used': 'This email address is already in use.',
  'response_code_message.account_save_failed': 'Unable to save your account. Please try again.',
  'response_code_message.exists_original_uuid': 'Account not found.',
  'response_code_message.user_not_login': 'Please log in to continue.',
  'response_code_message.account_unregistered': 'This account is not registered yet.',
  'response_code_message.account_resigned': 'This account has been deleted.',
  'response_code_message.account_banned': 'This account has been banned.',
  'response_code_message.account_email_resigned': 'This email address belongs to a deleted account.',
  'response_code_message.account_access_denied': 'Access to this account has been denied.',
  'response_code_message.account_modify_invalid_token': 'Your session has timed out. Please try again.',
  'response_code_message.account_suspended': 'This account has been suspended.',
  'response_code_message.nickname_invalid': `A nickname is ${NICKNAME_MIN_LENGTH}–${NICKNAME_MAX_LENGTH} letters or digits, and may not pose as staff or as another reader.`,
  'response_code_message.nickname_taken': 'Another reader already uses this nickname. Please choose another.',
  'response_code_message.nickname_change_too_soon': `You can change your nickname once every ${NICKNAME_CHANGE_INTERVAL_DAYS} days.`,
  'response_code_message.title_not_found': 'Title not found.',
  'response_code_message.episode_not_found': 'Chapter not found.',
  'response_code_message.episode_cannot_buy': 'This chapter cannot be purchased.',
  'response_code_message.episode_already_purchased': 'You have already purchased or rented this chapter.',
  'response_code_message.episode_cannot_rent': 'This chapter cannot be rented.',
  'response_code_message.viewer_episode_not_found': 'Chapter not found.',
  'response_code_message.episode_unpurchased': 'Rent or purchase this chapter to read it.',
  'response_code_message.point_shortage': 'You do not have enough points.',
  'response_code_message.price_mismatch': 'The price has changed. Please check the new price and try again.',
  'response_code_message.ticket_shortage': 'You have no ticket to use right now.',
  'response_code_message.weekly_title_not_found': 'No titles found for this day.',
  'response_code_message.favorite_limit_over': `You can follow up to ${MAX_FAVORITE_NUM} titles. Unfollow one to follow another.`,
  'response_code_message.bookmark_limit_over': `You can keep up to ${MAX_BOOKMARK_NUM} bookmarks. Delete one to add another.`,
  'response_code_message.plan_already_subscribed':
    'You already have a monthly plan. Cancel it and wait for it to end before starting another.',
  'response_code_message.plan_checkout_open':
    'A checkout for a monthly plan is already open. Finish it, or try again once it expires (24 hours).',
  'response_code_message.post_comment_ngword': 'offensive or discriminatory content detected.',
  'response_code_message.post_comment_limit_over': `${COMMENT_LIMIT_TEXT} Please try again later.`,
  'response_code_message.post_comment_error': 'Unable to post your comment. Please try again.',
};

/** The English message of a code; unknown codes get the server-error text. */
export function responseCodeMessage(code: number): string {
  return responseCodeMessages[responseCodeMessageKey(code)] ?? (responseCodeMessages[FALLBACK_MESSAGE_KEY] as string);
}
