import { describe, expect, it } from 'vitest';
import { ageRestrictionOf, declareActionPath } from './age-restriction.ts';

const returnTo = '/title/10009/episode/100202';
const gate = (is_admitted: number, is_birthday_known: number) => ({ age_rating: 18, is_admitted, is_birthday_known });

describe('ageRestrictionOf (the API’s age rule, shown; ADR 026)', () => {
  it('shows nothing when the rating admits the reader', () => {
    expect(ageRestrictionOf(gate(1, 1), { returnTo, isCrawler: false, fallback: 'ask' })).toBeUndefined();
    expect(ageRestrictionOf(gate(1, 0), { returnTo, isCrawler: false, fallback: 'ask' })).toBeUndefined();
  });

  it('asks a reader whose birthday is unknown, and tells one who is known to be too young', () => {
    expect(ageRestrictionOf(gate(0, 0), { returnTo, isCrawler: false, fallback: 'none' })).toEqual({
      rating: 18,
      birthdayKnown: false,
      ask: true,
      returnTo,
    });
    expect(ageRestrictionOf(gate(0, 1), { returnTo, isCrawler: false, fallback: 'none' })).toEqual({
      rating: 18,
      birthdayKnown: true,
      ask: false,
      returnTo,
    });
  });

  it('never asks a crawler', () => {
    expect(ageRestrictionOf(gate(0, 0), { returnTo, isCrawler: true, fallback: 'ask' })?.ask).toBe(false);
    expect(ageRestrictionOf(undefined, { returnTo, isCrawler: true, fallback: 'ask' })?.ask).toBe(false);
  });

  it('without an answer, asks in the viewer (the API refused it already) and shows nothing on the title page', () => {
    expect(ageRestrictionOf(undefined, { returnTo, isCrawler: false, fallback: 'ask' })).toEqual({
      rating: 0,
      birthdayKnown: false,
      ask: true,
      returnTo,
    });
    expect(ageRestrictionOf(undefined, { returnTo, isCrawler: false, fallback: 'none' })).toBeUndefined();
  });
});

describe('declareActionPath', () => {
  it('posts to the gate with the way back as its redirect', () => {
    expect(declareActionPath(returnTo)).toBe('/law/age?redirect=%2Ftitle%2F10009%2Fepisode%2F100202');
  });
});
