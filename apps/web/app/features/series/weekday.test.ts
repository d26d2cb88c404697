import { describe, expect, it } from 'vitest';
import { orderWeeklyEntries, selectedWeekday, weekdayKey, weekdaysFromToday } from './weekday.ts';

const entry = (weekday_index: number, ids: number[] = []) => ({
  weekday_index,
  title_id_list: ids,
  feature_title_id: ids[0] ?? 0,
  bonus_point_title_id: [],
  popular_title_id_list: [],
  new_title_id_list: [],
});

describe('weekdays', () => {
  it('starts the week with today and wraps around Sunday', () => {
    expect(weekdaysFromToday(1)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(weekdaysFromToday(5)).toEqual([5, 6, 7, 1, 2, 3, 4]);
    expect(weekdaysFromToday(7)).toEqual([7, 1, 2, 3, 4, 5, 6]);
  });

  it('names wire weekdays Monday (1) to Sunday (7)', () => {
    expect(weekdayKey(1)).toBe('mon');
    expect(weekdayKey(7)).toBe('sun');
  });

  it('orders the entries today first and fills in missing days', () => {
    const ordered = orderWeeklyEntries([entry(1, [10001]), entry(3, [10003]), entry(6, [10006])], 6);
    expect(ordered.map((e) => e.weekday_index)).toEqual([6, 7, 1, 2, 3, 4, 5]);
    expect(ordered[0]?.title_id_list).toEqual([10006]);
    expect(ordered[1]?.title_id_list).toEqual([]);
  });

  it('reads ?day= as 1–7, else today', () => {
    expect(selectedWeekday('3', 5)).toBe(3);
    expect(selectedWeekday('8', 5)).toBe(5);
    expect(selectedWeekday('x', 5)).toBe(5);
    expect(selectedWeekday(null, 2)).toBe(2);
  });
});
