import { describe, expect, it } from 'vitest';
import { currentPhoneTab, PHONE_TAB_PATHS, PHONE_TABS } from './phone-tab-bar.ts';

describe('currentPhoneTab', () => {
  it('marks each tab on its own destination', () => {
    for (const tab of PHONE_TABS) expect(currentPhoneTab(PHONE_TAB_PATHS[tab])).toBe(tab);
  });

  it('keeps a section marked on its inner pages', () => {
    expect(currentPhoneTab('/search/starship')).toBe('search');
    expect(currentPhoneTab('/search/genre/3')).toBe('search');
    expect(currentPhoneTab('/my/purchased')).toBe('library');
    expect(currentPhoneTab('/my/history/')).toBe('library');
    expect(currentPhoneTab('/my/setting/point')).toBe('account');
    expect(currentPhoneTab('/my/shop')).toBe('account');
  });

  it('marks nothing elsewhere, and is not fooled by a shared prefix', () => {
    expect(currentPhoneTab('/title/10001')).toBeUndefined();
    expect(currentPhoneTab('/ranking')).toBeUndefined();
    expect(currentPhoneTab('/searching')).toBeUndefined();
    expect(currentPhoneTab('/myself')).toBeUndefined();
    expect(currentPhoneTab('/my/historyx')).toBe('account');
  });
});
