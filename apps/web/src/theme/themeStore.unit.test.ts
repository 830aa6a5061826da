// The tab's theme survives a reload through sessionStorage, ignores a damaged entry, and notifies
// subscribers (the React tree) of every change.
import type { StorageLike } from '@lablive/client';
import { describe, expect, it } from 'vitest';
import { DEFAULT_APPLIED_THEME } from './appliedTheme.ts';
import { createThemeStore, THEME_STORAGE_KEY } from './themeStore.ts';

class MapStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const labTheme = {
  source: 'lab',
  primaryColor: '#102030',
  backgroundColor: '#ffffff',
  thirdColor: '#000000',
  logoUrl: '/files/logo.png',
  labName: 'Lab One',
} as const;

describe('theme store', () => {
  it('starts from the default theme', () => {
    expect(createThemeStore(new MapStorage()).get()).toEqual(DEFAULT_APPLIED_THEME);
  });

  it('keeps the theme for the next page load of the tab', () => {
    const storage = new MapStorage();
    createThemeStore(storage).set(labTheme);

    expect(createThemeStore(storage).get()).toEqual(labTheme);
  });

  it('ignores a stored theme that is not valid', () => {
    const storage = new MapStorage();
    storage.setItem(THEME_STORAGE_KEY, JSON.stringify({ ...labTheme, primaryColor: 'url(evil)' }));

    expect(createThemeStore(storage).get()).toEqual(DEFAULT_APPLIED_THEME);
  });

  it('notifies subscribers and forgets the theme on reset', () => {
    const storage = new MapStorage();
    const store = createThemeStore(storage);
    const seen: string[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.get().source));

    store.set(labTheme);
    store.reset();
    unsubscribe();

    expect(seen).toEqual(['lab', 'default']);
    expect(store.get()).toEqual(DEFAULT_APPLIED_THEME);
    expect(storage.items.has(THEME_STORAGE_KEY)).toBe(false);
  });
});
