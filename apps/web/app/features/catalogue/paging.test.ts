import { describe, expect, it } from 'vitest';
import { pageNumber, pageWindow, withPage } from './paging.ts';

describe('paging', () => {
  it('reads ?page= as a positive integer, else 1', () => {
    expect(pageNumber('3')).toBe(3);
    expect(pageNumber('0')).toBe(1);
    expect(pageNumber('-2')).toBe(1);
    expect(pageNumber('abc')).toBe(1);
    expect(pageNumber(null)).toBe(1);
  });

  it('asks one more than a page to detect the next one', () => {
    expect(pageWindow(1, 30)).toEqual({ offset: 0, limit: 31 });
    expect(pageWindow(3, 30)).toEqual({ offset: 60, limit: 31 });
  });

  it('keeps the other parameters when switching pages', () => {
    expect(withPage('?sort=new', 2)).toBe('?sort=new&page=2');
    expect(withPage('?sort=new&page=2', 1)).toBe('?sort=new');
    expect(withPage('', 1)).toBe('');
    expect(withPage('?page=3', 2, 'history_page')).toBe('?page=3&history_page=2');
    expect(withPage('?page=3&history_page=2', 1, 'history_page')).toBe('?page=3');
  });
});
