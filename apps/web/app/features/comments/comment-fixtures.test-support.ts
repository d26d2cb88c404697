import type { CommentView } from './comments.ts';

/** A comment as the section shows it: `comment <id>` by a reader without a nickname, no likes. */
export const commentView = (id: number, overrides: Partial<CommentView> = {}): CommentView => ({
  id,
  text: `comment ${id}`,
  author: { nickname: undefined, tag: 'AAAAAA' },
  likeCount: 0,
  isLiked: false,
  isMine: false,
  postedAt: undefined,
  ...overrides,
});
