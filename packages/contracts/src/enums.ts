import { z } from 'zod';

type ValueOf<T> = T[keyof T];

/** Plan (charge) types of a user (product §3). */
export const PlanType = {
  NonCharger: 'non_charger',
  Subscription: 'subscription',
  Charger: 'charger',
  SubscriptionP: 'subscription_p',
} as const;
export type PlanType = ValueOf<typeof PlanType>;
export const PlanTypeSchema = z.enum(PlanType);

/** Wire codes of the plan types (`charge_type`): 1 non_charger, 2 subscription, 3 charger, 4 subscription_p. */
export const PlanTypeCode = {
  non_charger: 1,
  subscription: 2,
  charger: 3,
  subscription_p: 4,
} as const satisfies Record<PlanType, number>;
export type PlanTypeCode = ValueOf<typeof PlanTypeCode>;
export const PlanTypeCodeSchema = z.literal([1, 2, 3, 4]);

const planTypeByCode = new Map<number, PlanType>(
  Object.entries(PlanTypeCode).map(([type, code]) => [code, type as PlanType]),
);

export function planTypeToCode(type: PlanType): PlanTypeCode {
  return PlanTypeCode[type];
}

/** The plan type of a wire code, or undefined for a code outside 1–4. */
export function planTypeFromCode(code: number): PlanType | undefined {
  return planTypeByCode.get(code);
}

export const LoginState = { NotLogin: 'notlogin', Login: 'login' } as const;
export type LoginState = ValueOf<typeof LoginState>;
export const LoginStateSchema = z.enum(LoginState);

export const ReturnVisitorKind = { Return: 'return', New7: 'new7', Other: 'other' } as const;
export type ReturnVisitorKind = ValueOf<typeof ReturnVisitorKind>;
export const ReturnVisitorKindSchema = z.enum(ReturnVisitorKind);

export const PurchaseFlag = { Purchase: 1, NotPurchase: 2 } as const;
export type PurchaseFlag = ValueOf<typeof PurchaseFlag>;
export const PurchaseFlagSchema = z.literal([1, 2]);

/** Episode `badge` (wire §3.1). */
export const EpisodeBadge = { MustBuy: 1, Free: 2, Purchased: 3, Rented: 4 } as const;
export type EpisodeBadge = ValueOf<typeof EpisodeBadge>;
export const EpisodeBadgeSchema = z.literal([1, 2, 3, 4]);

/** Episode `use_status` values we send (wire §3.1: 3 free, 4 paid, as seen on K MANGA). */
export const EpisodeUseStatus = { Free: 3, Paid: 4 } as const;
export type EpisodeUseStatus = ValueOf<typeof EpisodeUseStatus>;

/**
 * K MANGA ranking tabs with a fixed meaning (wire §3.2, TOSHO `RANKING_TABS`): 12 All (the
 * popularity order of search and recommendations) and 13 Today's Specials. Genre tabs are 3–11.
 */
export const RankingId = { All: 12, TodaysSpecials: 13 } as const;
export type RankingId = ValueOf<typeof RankingId>;

/** Advertisement `type` (banner_list, counters): where it is shown. */
export const AdvertisementType = { Banner: 1, Inline: 2, ViewerLastPage: 3 } as const;
export type AdvertisementType = ValueOf<typeof AdvertisementType>;

/** `event_type` of GET /title/event/list (ADR 009): the whole title free, or some episodes free for a while. */
export const TitleEventType = { TitleFree: 1, EpisodesFree: 2 } as const;
export type TitleEventType = ValueOf<typeof TitleEventType>;

/** Title `publish_category` (wire §3.1). */
export const PublishCategory = { Serializing: 1, Complete: 2, OneShot: 3 } as const;
export type PublishCategory = ValueOf<typeof PublishCategory>;
export const PublishCategorySchema = z.literal([1, 2, 3]);

/**
 * `ticket_type` sent to rent an episode (wire §3.4): a title ticket sends its own type (1),
 * a premium ticket sends 99.
 */
export const TicketType = { Title: 1, Premium: 99 } as const;
export type TicketType = ValueOf<typeof TicketType>;
export const TicketTypeSchema = z.literal([1, 99]);
/** The only `ticket_version` seen on the wire. */
export const DEFAULT_TICKET_VERSION = 1;

/** Age groups (product §4): under 13 impossible (blocked), 13–15 minor, 16+ adult. */
export const AgeGroup = { Impossible: 'impossible', Minor: 'minor', Adult: 'adult' } as const;
export type AgeGroup = ValueOf<typeof AgeGroup>;
export const AgeGroupSchema = z.enum(AgeGroup);

export const Region = { US: 'US', JP: 'JP' } as const;
export type Region = ValueOf<typeof Region>;
export const RegionSchema = z.enum(Region);

export const Locale = { Ja: 'ja', En: 'en' } as const;
export type Locale = ValueOf<typeof Locale>;
export const LocaleSchema = z.enum(Locale);
export const DEFAULT_LOCALE: Locale = Locale.Ja;
export const FALLBACK_LOCALE: Locale = Locale.En;

/** `platform` parameter and `device_list[].platform` (wire §1.2). */
export const Platform = { Ios: 1, Android: 2, Web: 3 } as const;
export type Platform = ValueOf<typeof Platform>;
export const PlatformSchema = z.literal([Platform.Ios, Platform.Android, Platform.Web]);
/** Assumed when a request names no platform (wire §1.3). */
export const DEFAULT_PLATFORM: Platform = Platform.Web;

/** Shop payment result shown after checkout (product §2). */
export const PaymentResult = { Success: 1, Canceled: 2 } as const;
export type PaymentResult = ValueOf<typeof PaymentResult>;
export const PaymentResultSchema = z.literal([1, 2]);
