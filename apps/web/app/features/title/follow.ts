// Following a title from its page (ADR 017): the form's fields and what its action answers.

export const FOLLOW_INTENT_FIELD = 'intent';
export const FollowIntent = { Follow: 'follow', Unfollow: 'unfollow' } as const;
export type FollowIntent = (typeof FollowIntent)[keyof typeof FollowIntent];

export type FollowActionResult = { status: 'done'; following: boolean } | { status: 'failed'; code: number };

/** The intent of a submitted form, or undefined for anything else. */
export function followIntentOf(value: FormDataEntryValue | null): FollowIntent | undefined {
  return value === FollowIntent.Follow || value === FollowIntent.Unfollow ? value : undefined;
}
