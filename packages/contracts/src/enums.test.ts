import { describe, expect, it } from 'vitest';
import {
  AdvertisementType,
  AgeGroupSchema,
  DEFAULT_LOCALE,
  DEFAULT_PLATFORM,
  EpisodeBadge,
  EpisodeBadgeSchema,
  EpisodeUseStatus,
  FALLBACK_LOCALE,
  LoginStateSchema,
  PlanType,
  PlanTypeCode,
  PlanTypeSchema,
  Platform,
  PlatformSchema,
  PublishCategory,
  PurchaseFlag,
  planTypeFromCode,
  planTypeToCode,
  RankingId,
  RegionSchema,
  ReturnVisitorKindSchema,
  TicketType,
  TicketTypeSchema,
  TitleEventType,
} from './enums.ts';

describe('plan types', () => {
  it.each([
    [PlanType.NonCharger, 1],
    [PlanType.Subscription, 2],
    [PlanType.Charger, 3],
    [PlanType.SubscriptionP, 4],
  ] as const)('maps %s to %i and back', (type, code) => {
    expect(planTypeToCode(type)).toBe(code);
    expect(planTypeFromCode(code)).toBe(type);
  });

  it('has no plan type for codes outside 1–4', () => {
    expect(planTypeFromCode(0)).toBeUndefined();
    expect(planTypeFromCode(5)).toBeUndefined();
  });

  it('covers every plan type with a code', () => {
    expect(Object.keys(PlanTypeCode).sort()).toEqual(Object.values(PlanType).sort());
  });

  it('validates plan type names', () => {
    expect(PlanTypeSchema.safeParse('subscription_p').success).toBe(true);
    expect(PlanTypeSchema.safeParse('premium').success).toBe(false);
  });
});

describe('string enums', () => {
  it('accepts exactly the product rules values', () => {
    expect(LoginStateSchema.options).toEqual(['notlogin', 'login']);
    expect(ReturnVisitorKindSchema.options).toEqual(['return', 'new7', 'other']);
    expect(AgeGroupSchema.options).toEqual(['impossible', 'minor', 'adult']);
    expect(RegionSchema.options).toEqual(['US', 'JP']);
  });

  it('rejects other values', () => {
    expect(LoginStateSchema.safeParse('logged_in').success).toBe(false);
    expect(RegionSchema.safeParse('us').success).toBe(false);
  });

  it('defaults to ja and falls back to en', () => {
    expect(DEFAULT_LOCALE).toBe('ja');
    expect(FALLBACK_LOCALE).toBe('en');
  });
});

describe('numeric enums', () => {
  it('has the wire values', () => {
    expect(PurchaseFlag).toEqual({ Purchase: 1, NotPurchase: 2 });
    expect(EpisodeBadge).toEqual({ MustBuy: 1, Free: 2, Purchased: 3, Rented: 4 });
    expect(PublishCategory).toEqual({ Serializing: 1, Complete: 2, OneShot: 3 });
    expect(TicketType).toEqual({ Title: 1, Premium: 99 });
    expect(Platform).toEqual({ Ios: 1, Android: 2, Web: 3 });
    expect(DEFAULT_PLATFORM).toBe(3);
    expect(EpisodeUseStatus).toEqual({ Free: 3, Paid: 4 });
    expect(RankingId).toEqual({ All: 12, TodaysSpecials: 13 });
    expect(AdvertisementType).toEqual({ Banner: 1, Inline: 2, ViewerLastPage: 3 });
    expect(TitleEventType).toEqual({ TitleFree: 1, EpisodesFree: 2 });
  });

  it('validates wire values', () => {
    expect(EpisodeBadgeSchema.safeParse(4).success).toBe(true);
    expect(EpisodeBadgeSchema.safeParse(5).success).toBe(false);
    expect(TicketTypeSchema.safeParse(99).success).toBe(true);
    expect(TicketTypeSchema.safeParse(2).success).toBe(false);
    expect(PlatformSchema.safeParse(3).success).toBe(true);
    expect(PlatformSchema.safeParse('3').success).toBe(false);
  });
});
