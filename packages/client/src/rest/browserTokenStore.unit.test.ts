// Where the browser keeps the token pair: remember-me in localStorage, otherwise sessionStorage; a
// refreshed pair stays where the session was; unreadable entries count as no session.
import { describe, expect, it } from 'vitest';
import { createBrowserTokenStore, type StorageLike, TOKEN_STORAGE_KEY } from './browserTokenStore.ts';

/** Web Storage semantics over a Map, standing in for window.localStorage/sessionStorage in Node. */
class MapStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const setup = () => {
  const local = new MapStorage();
  const session = new MapStorage();
  return { local, session, store: createBrowserTokenStore({ local, session }) };
};

const pair = { token: 'access', refreshToken: 'refresh' };

describe('browser token store', () => {
  it('keeps a remembered session in localStorage', () => {
    const { local, session, store } = setup();

    store.set(pair, { remember: true });

    expect(local.items.has(TOKEN_STORAGE_KEY)).toBe(true);
    expect(session.items.has(TOKEN_STORAGE_KEY)).toBe(false);
    expect(store.get()).toEqual(pair);
  });

  it('keeps any other session in sessionStorage', () => {
    const { local, session, store } = setup();

    store.set(pair, { remember: false });

    expect(session.items.has(TOKEN_STORAGE_KEY)).toBe(true);
    expect(local.items.has(TOKEN_STORAGE_KEY)).toBe(false);
  });

  it('stores a refreshed pair where the session already was', () => {
    const { local, session, store } = setup();
    store.set(pair, { remember: true });

    store.set({ token: 'access-2', refreshToken: 'refresh-2' });

    expect(JSON.parse(local.getItem(TOKEN_STORAGE_KEY) ?? '')).toEqual({
      token: 'access-2',
      refreshToken: 'refresh-2',
    });
    expect(session.items.size).toBe(0);
  });

  it('clears both storages', () => {
    const { store } = setup();
    store.set(pair, { remember: true });

    store.clear();

    expect(store.get()).toBeNull();
  });

  it('treats a damaged entry as no session', () => {
    const { local, store } = setup();
    local.setItem(TOKEN_STORAGE_KEY, '{"token":');

    expect(store.get()).toBeNull();
  });
});
