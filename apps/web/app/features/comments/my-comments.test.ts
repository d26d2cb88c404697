import type { CommentHistoryResponse, CommentLikeNoticeResponse } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { ENVELOPE, wireEpisode, wireTitle } from '#app/features/catalogue/wire-fixtures.test-support.ts';
import { missingPlaces, namesOf, toLikeNotices, toMyComments } from './my-comments.ts';

const TOKYO = 'Asia/Tokyo';

const history: CommentHistoryResponse = {
  ...ENVELOPE,
  comment_list: [
    {
      comment_id: 8,
      episode_id: 100061,
      title_id: 10003,
      comment: 'The farewell scene!',
      user_name: '',
      user_tag: '3VY16Y',
      like_count: 2,
      is_liked: 0,
      is_mine: 1,
      created_time: '2026-11-23 09:00:00',
    },
  ],
  episode_list: [wireEpisode({ episode_id: 100061, title_id: 10003, episode_name: 'Chapter 2: Farewell' })],
  title_list: [wireTitle({ title_id: 10003, title_name: 'Lazy Days at the Shrine' })],
  has_next: 1,
};

const notices: CommentLikeNoticeResponse = {
  ...ENVELOPE,
  like_notice_num: 5,
  like_notice_list: [
    {
      comment_id: 8,
      episode_id: 100061,
      title_id: 10003,
      comment: 'The farewell scene!',
      new_like_num: 2,
      like_count: 2,
      latest_like_time: '2026-11-23 10:00:00',
    },
    {
      comment_id: 3,
      episode_id: 200001,
      title_id: 10020,
      comment: 'An older one',
      new_like_num: 3,
      like_count: 9,
      latest_like_time: '2026-11-22 10:00:00',
    },
  ],
  last_seen_time: '',
};

describe('/my comment activity', () => {
  it('lists the reader’s comments with where they are and a link to them', () => {
    expect(toMyComments(history, 2, TOKYO)).toEqual({
      page: 2,
      hasNext: true,
      items: [
        {
          id: 8,
          text: 'The farewell scene!',
          likeCount: 2,
          postedAt: '2026-11-23T00:00:00.000Z',
          place: {
            titleName: 'Lazy Days at the Shrine',
            episodeName: 'Chapter 2: Farewell',
            commentsHref: '/title/10003?comments=100061#episode-100061',
            episodeHref: '/title/10003/episode/100061',
          },
        },
      ],
    });
  });

  it('names the notices’ places from the history, and asks for the rest', () => {
    const names = namesOf(history);
    expect(missingPlaces(notices, names)).toEqual({ titleIds: [10020], episodeIds: [200001] });
    names.titles.set(10020, 'Other Title');
    const likes = toLikeNotices(notices, names, TOKYO);
    expect(likes).toMatchObject({ total: 5, lastSeenAt: undefined });
    expect(
      likes.items.map((item) => [item.commentId, item.newLikes, item.place.titleName, item.place.episodeName]),
    ).toEqual([
      [8, 2, 'Lazy Days at the Shrine', 'Chapter 2: Farewell'],
      [3, 3, 'Other Title', ''],
    ]);
    expect(toLikeNotices({ ...notices, last_seen_time: '2026-11-20 09:00:00' }, names, TOKYO).lastSeenAt).toBe(
      '2026-11-20T00:00:00.000Z',
    );
  });
});
