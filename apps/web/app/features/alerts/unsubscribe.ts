/** What the unsubscribe page shows (ADR 065): the confirmation, the outcome, or a link not valid. */
export type UnsubscribeData =
  | { state: 'confirm'; email: string; subscribed: boolean }
  | { state: 'done'; email: string }
  | { state: 'invalid' };
