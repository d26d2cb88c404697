import { makeTitle } from '@manga/contracts/testing';
import { describe, expect, it } from 'vitest';
import { toFollowed, toPurchased, toWallet } from './my-page.ts';

const envelope = { status: 'success', response_code: 0, error_message: '' } as const;
const image = (url: string) => `https://img.test${url}`;
const favorite = (titleId: number, isNew: 0 | 1) => ({
  title_id: titleId,
  paid_episode_updated: null,
  free_episode_updated: null,
  purchase_status: 0,
  ticket_recover_time: null,
  is_unread_free_episode: 0,
  is_unread_episode: isNew,
  favorite_time: '2026-11-24 10:00:00',
});

describe('/my view models', () => {
  it('marks followed titles with a chapter released since they were last opened, in the list order', () => {
    const followed = toFollowed(
      {
        ...envelope,
        favorite_title_list: [favorite(10002, 1), favorite(10001, 0), favorite(10009, 1)],
        title_list: [
          makeTitle({ title_id: 10001, title_name: 'Blue Harbor', thumbnail_image_url: '/a.png' }),
          makeTitle({ title_id: 10002, title_name: 'Red Sky', thumbnail_image_url: '/b.png' }),
        ],
        favorite_num: 3,
        max_favorite_num: 100,
      },
      image,
    );
    // 10009 has no Title in the answer (no longer published): left out.
    expect(followed.titles.map((title) => [title.name, title.hasNewChapter, title.href, title.coverUrl])).toEqual([
      ['Red Sky', true, '/title/10002', 'https://img.test/b.png'],
      ['Blue Harbor', false, '/title/10001', 'https://img.test/a.png'],
    ]);
    expect([followed.count, followed.max]).toEqual([3, 100]);
  });

  it('says when the first premium ticket expires, and nothing without tickets', () => {
    const now = new Date('2026-11-24T00:00:00Z');
    const point = { paid_point: 120, free_point: 30, point_sale_text: null, point_sale_finish_datetime: null };
    expect(
      toWallet(
        {
          ...envelope,
          point,
          ticket: { total_num: 2, detail_list: [{ expired: '2026-11-25 09:00:00', expire_second: 3600 }] },
        },
        now,
      ),
    ).toEqual({ paidPoints: 120, freePoints: 30, tickets: 2, firstTicketExpiresAt: '2026-11-24T01:00:00.000Z' });
    expect(toWallet({ ...envelope, point, ticket: { total_num: 0, detail_list: [] } }, now).firstTicketExpiresAt).toBe(
      undefined,
    );
  });

  it('links purchased titles to their pages', () => {
    const purchased = toPurchased(
      {
        ...envelope,
        title_list: [
          {
            title_id: 10003,
            title_name: 'Lazy Days',
            thumbnail_image_url: '/c.png',
            first_episode_id: 1,
            recently_purchased_episode_id: null,
          },
        ],
        title_count: 7,
      },
      image,
    );
    expect(purchased).toMatchObject({
      count: 7,
      page: 1,
      listPageCount: 2,
      titles: [{ href: '/title/10003', name: 'Lazy Days' }],
    });
    expect(toPurchased({ ...envelope, title_list: [], title_count: 0 }, image, 1).listPageCount).toBe(1);
  });
});
