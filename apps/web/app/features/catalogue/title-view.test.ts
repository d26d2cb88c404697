import { describe, expect, it } from 'vitest';
import { episodeHref, publishBadge, titleHref, titlesInOrder } from './title-view.ts';

describe('title view helpers', () => {
  it('links titles with five-digit ids and episodes under them', () => {
    expect(titleHref(123)).toBe('/title/00123');
    expect(episodeHref(10001, 42)).toBe('/title/10001/episode/42');
  });

  it('badges completed series and one-shots only', () => {
    expect(publishBadge(1)).toBeUndefined();
    expect(publishBadge(2)).toBe('completed');
    expect(publishBadge(3)).toBe('one_shot');
  });

  it('keeps the order of the ids and skips unknown ones', () => {
    const titles = [{ title_id: 1 }, { title_id: 2 }, { title_id: 3 }];
    expect(titlesInOrder([3, 9, 1], titles)).toEqual([{ title_id: 3 }, { title_id: 1 }]);
  });
});
