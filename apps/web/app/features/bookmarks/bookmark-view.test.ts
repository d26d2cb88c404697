import { describe, expect, it } from 'vitest';
import { toBookmarkItems } from './bookmark-view.ts';

describe('toBookmarkItems', () => {
  it('names each bookmark by its title and chapter and links the viewer at its page', () => {
    const items = toBookmarkItems({
      bookmark_list: [
        {
          bookmark_id: 7,
          title_id: 3,
          episode_id: 12,
          page: 4,
          note: 'the duel',
          created_time: '2026-11-22 10:00:00',
          updated_time: '2026-11-22 10:00:00',
        },
      ],
      title_list: [{ title_id: 3, title_name: 'Shrine' } as never],
      episode_list: [{ episode_id: 12, episode_name: 'Chapter 2' } as never],
    });
    expect(items).toEqual([
      {
        bookmarkId: 7,
        titleId: 3,
        titleName: 'Shrine',
        episodeName: 'Chapter 2',
        page: 4,
        note: 'the duel',
        href: '/title/00003/episode/12?page=4',
        createdTime: '2026-11-22 10:00:00',
      },
    ]);
  });
});
