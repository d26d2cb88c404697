// Comment text (ADR 013): what the server stores of a posted comment and how its length is counted,
// shared so that the web's character counter agrees with the server's limit.
import { COMMENTS_PER_HOUR } from './constants.ts';

/** Control characters (C0, DEL, C1) other than the line break, and the byte-order mark. */
const CONTROL = /[^\P{Cc}\n]|\ufeff/gu;
/** Three or more line breaks in a row (with only spaces between) become one blank line. */
const BLANK_LINES = /\n(?:[ \t]*\n){2,}/g;

/**
 * The comment as stored: NFC, line breaks unified to `\n`, tabs to spaces, control characters removed,
 * runs of blank lines cut to one, trailing spaces of lines and surrounding whitespace trimmed.
 */
export function cleanCommentText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(CONTROL, '')
    .replace(/[ \u3000]+\n/g, '\n')
    .replace(BLANK_LINES, '\n\n')
    .trim();
}

/** Length as readers count it: Unicode code points (an emoji or a kanji is one). */
export function commentLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/** The hourly limit as 6301's messages state it (the code's text, and the API's with the next post time). */
export const COMMENT_LIMIT_TEXT = `You can post up to ${COMMENTS_PER_HOUR} comments per hour.`;

/**
 * Why a post is refused with 6500 (PostCommentError), as `reason_message` and `error_message` say it.
 * Clients match these texts to show the reason in the reader's language; other 6500s are generic.
 */
export const CommentRefusalMessage = {
  Closed: 'Comments are closed for this chapter.',
  NotViewed: 'Read this chapter before commenting on it.',
  Empty: 'Write something before posting.',
} as const;
export type CommentRefusalMessage = (typeof CommentRefusalMessage)[keyof typeof CommentRefusalMessage];
