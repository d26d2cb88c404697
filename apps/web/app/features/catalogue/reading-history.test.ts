import { describe, expect, it } from 'vitest';
import { continueReading, toHistoryEntries } from './reading-history.ts';
import { wireEpisode, wireTitle } from './wire-fixtures.test-support.ts';

const place = { titleId: 10003, episodeId: 12, page: 7, pageCount: 16, finished: false };

describe('continueReading', () => {
  it('continues from the page reached', () => {
    expect(continueReading(place, [11, 12, 13])).toMatchObject({
      action: { kind: 'page', page: 7 },
      href: '/title/10003/episode/12?page=7',
    });
  });

  it('opens the chapter from its start when no page (or page 1) was reached', () => {
    for (const page of [0, 1]) {
      expect(continueReading({ ...place, page }, [12])).toMatchObject({
        action: { kind: 'start' },
        href: '/title/10003/episode/12',
      });
    }
  });

  it('moves on to the next chapter once one is finished, or offers it again when it is the last', () => {
    expect(continueReading({ ...place, finished: true }, [11, 12, 13])).toMatchObject({
      action: { kind: 'next' },
      href: '/title/10003/episode/13',
    });
    expect(continueReading({ ...place, page: 16 }, [11, 12, 13]).action).toEqual({ kind: 'next' });
    expect(continueReading({ ...place, finished: true }, [11, 12])).toMatchObject({
      action: { kind: 'again' },
      href: '/title/10003/episode/12',
    });
    expect(continueReading({ ...place, finished: true }, [1, 2]).action).toEqual({ kind: 'again' });
  });
});

describe('toHistoryEntries', () => {
  it('pairs each history entry with its title and chapter, leaving out the ones missing', () => {
    const entries = toHistoryEntries(
      {
        viewed_title_list: [
          {
            title_id: 10003,
            episode_id: 12,
            page: 7,
            page_count: 16,
            is_finished: 0,
            viewed_time: '2026-11-22 10:00:00',
            device_name: 'Chrome on macOS',
            page_time: '2026-11-22 10:05:00',
          },
          {
            title_id: 10004,
            episode_id: 40,
            page: 1,
            page_count: 16,
            is_finished: 0,
            viewed_time: '2026-11-21 10:00:00',
            device_name: '',
            page_time: null,
          },
        ],
        title_list: [wireTitle({ title_id: 10003, title_name: 'Shrine', episode_id_list: [11, 12, 13] })],
        episode_list: [wireEpisode({ episode_id: 12, title_id: 10003, episode_name: 'Chapter 2' })],
      },
      { toImageUrl: (url) => `img:${url}`, parseTime: (wire) => new Date(`${wire.replace(' ', 'T')}Z`) },
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      titleId: 10003,
      titleName: 'Shrine',
      titleHref: '/title/10003',
      episodeName: 'Chapter 2',
      viewedAt: '2026-11-22T10:00:00.000Z',
      left: { device: 'Chrome on macOS', at: '2026-11-22T10:05:00.000Z' },
      continue: { href: '/title/10003/episode/12?page=7' },
    });
    expect(entries[0]?.coverUrl).toMatch(/^img:/);
  });
});
