// The age rule's answer as the title page and the viewer show it (ADR 026), shared by both and by
// the age gate, whose route records the inline question's answer.

/**
 * An age-rated title or chapter the reader may not open (ADR 026), as the API's age rule answered
 * it (GET /web/title/age_gate): the rating (0 when unknown), and whether to ask for the reader's
 * birth month inline (their birthday is unknown: none, or only the default recorded for JP
 * visitors) or to say it is closed to their age (they declared one, or their account holds one).
 */
export interface AgeRestriction {
  rating: number;
  /** The reader has a birthday the API's age rule reads (declared, or the account's). */
  birthdayKnown: boolean;
  /** Ask for the birth month here: the birthday is unknown and the reader is not a crawler. */
  ask: boolean;
  /** Where the inline question sends the reader back to. */
  returnTo: string;
}

/** The `intent` of the inline question's form, posted to the gate's route. */
export const DECLARE_INTENT = 'declare';

/**
 * The restriction to show from the API's answer: none when the rating admits the reader. Crawlers
 * are never asked (no declaration counts for them). Without an answer (the call failed), `fallback`
 * decides: the viewer, which the API already refused, asks; the title page shows nothing.
 */
export function ageRestrictionOf(
  gate: { age_rating: number; is_admitted: number; is_birthday_known: number } | undefined,
  options: { returnTo: string; isCrawler: boolean; fallback: 'ask' | 'none' },
): AgeRestriction | undefined {
  if (!gate) {
    return options.fallback === 'ask'
      ? { rating: 0, birthdayKnown: false, ask: !options.isCrawler, returnTo: options.returnTo }
      : undefined;
  }
  if (gate.is_admitted === 1) return undefined;
  return {
    rating: gate.age_rating,
    birthdayKnown: gate.is_birthday_known === 1,
    ask: gate.is_birthday_known === 0 && !options.isCrawler,
    returnTo: options.returnTo,
  };
}

/** The gate's path the inline question posts to, carrying where to come back to. */
export function declareActionPath(returnTo: string): string {
  return `/law/age?redirect=${encodeURIComponent(returnTo)}`;
}
