// The auth flow with its IO actors swapped through machine.provide: the stored session, a rejected
// sign-in and sign-out, against the real local-session bookkeeping over in-memory storage.
import { ApiError, createMemoryTokenStore, type StorageLike, type TokenStore } from '@lablive/client';
import {
  type CurrentUser,
  type LoginRequest,
  type LoginResponse,
  MESSAGES,
  type MeResponse,
} from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { themeFromLab } from '../theme/themeSources.ts';
import { createThemeStore, THEME_STORAGE_KEY } from '../theme/themeStore.ts';
import { authMachine } from './authMachine.ts';
import { CLIENT_STATE_KEYS, createLocalSession } from './localSession.ts';

class MapStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const user: CurrentUser = {
  kind: 'user',
  id: 3,
  email: 'grace@lab.test',
  first_name: 'Grace',
  last_name: 'Hopper',
  name: 'Grace Hopper',
  roles: ['admin'],
  permissions: ['manage_events'],
  avatar_url: null,
  locale: 'fr',
  lab: {
    id: 1,
    name: 'Lab One',
    modules: [],
    theme: {
      primaryColor: '#112233',
      backgroundColor: '#ffffff',
      thirdColor: '#000000',
      logoUrl: '/files/logo.png',
      headerImageUrl: null,
      waitingRoomImageUrl: null,
    },
  },
  participation: null,
};

const loginFailed = () =>
  new ApiError({
    type: 'about:blank',
    title: 'Unauthorized',
    status: 401,
    code: 'unauthenticated',
    detail: MESSAGES.loginFailed,
  });

function start(options: {
  tokenStore?: TokenStore;
  me?: () => Promise<MeResponse>;
  login?: (credentials: LoginRequest) => Promise<LoginResponse>;
  logout?: () => Promise<void>;
}) {
  const tokenStore = options.tokenStore ?? createMemoryTokenStore();
  const sessionStorage = new MapStorage();
  const localStorage = new MapStorage();
  const themeStore = createThemeStore(sessionStorage);
  const session = createLocalSession({
    tokenStore,
    theme: themeStore,
    storages: [sessionStorage, localStorage],
  });
  const calls = { me: 0, login: 0, logout: 0 };
  const logic = authMachine.provide({
    actors: {
      fetchMe: fromPromise(() => {
        calls.me += 1;
        return (options.me ?? (() => Promise.resolve({ user, event_id: null })))();
      }),
      login: fromPromise(({ input }: { input: { credentials: LoginRequest } }) => {
        calls.login += 1;
        return (options.login ?? (() => Promise.reject(loginFailed())))(input.credentials);
      }),
      logout: fromPromise(() => {
        calls.logout += 1;
        return (options.logout ?? (() => Promise.resolve()))();
      }),
    },
  });
  const actor = createActor(logic, { input: { session } }).start();
  return { actor, calls, tokenStore, themeStore, sessionStorage, localStorage };
}

describe('auth machine', () => {
  it('signs in again with a stored token through the reconnect call', async () => {
    const tokenStore = createMemoryTokenStore({ token: 'access', refreshToken: 'refresh' });
    const { actor, calls } = start({ tokenStore });

    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));

    expect(snapshot.context.user?.email).toBe('grace@lab.test');
    expect(calls.me).toBe(1);
  });

  it('is signed out at once, without calling the server, when no token is stored', () => {
    const { actor, calls } = start({});

    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(calls.me).toBe(0);
  });

  it('forgets a stored token the server refuses', async () => {
    const tokenStore = createMemoryTokenStore({ token: 'access', refreshToken: 'refresh' });
    const refused = new ApiError({
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      code: 'invalid_token',
      detail: MESSAGES.invalidToken,
    });
    const { actor } = start({ tokenStore, me: () => Promise.reject(refused) });

    await waitFor(actor, (s) => s.matches('signedOut'));

    expect(tokenStore.get()).toBeNull();
  });

  it('keeps the error of bad credentials and stays signed out', async () => {
    const { actor, calls } = start({});

    actor.send({ type: 'auth.login', credentials: { email: 'grace@lab.test', password: 'wrong' } });
    expect(actor.getSnapshot().matches('signingIn')).toBe(true);
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));

    expect(calls.login).toBe(1);
    expect(snapshot.context.user).toBeNull();
    expect(snapshot.context.error).toEqual({
      status: 401,
      code: 'unauthenticated',
      detail: MESSAGES.loginFailed,
    });
    expect(snapshot.context.lastAttempt).toBe('password');
  });

  it('clears the kept error on the next attempt and signs in with the event of a guest', async () => {
    const guest: CurrentUser = {
      ...user,
      kind: 'guest',
      participation: { id: 9, role: 'participant', room_id: null, event_id: 12 },
    };
    let attempts = 0;
    const { actor } = start({
      login: () => {
        attempts += 1;
        if (attempts === 1) return Promise.reject(loginFailed());
        return Promise.resolve({
          token: 't',
          refreshToken: 'r',
          expiresIn: 900,
          user: guest,
          event_id: null,
        });
      },
    });

    actor.send({ type: 'auth.login', credentials: { invitation: 'expired' } });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'auth.login', credentials: { invitation: 'valid' } });
    expect(actor.getSnapshot().context.error).toBeNull();
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));

    expect(snapshot.context.eventId).toBe(12);
    expect(snapshot.context.lastAttempt).toBe('invitation');
  });

  it('signs out: ends the server session and forgets tokens, theme and client ids', async () => {
    const tokenStore = createMemoryTokenStore({ token: 'access', refreshToken: 'refresh' });
    const { actor, calls, themeStore, sessionStorage, localStorage } = start({ tokenStore });
    await waitFor(actor, (s) => s.matches('signedIn'));
    themeStore.set(themeFromLab(user.lab));
    localStorage.setItem(CLIENT_STATE_KEYS[0], 'video-client-1');
    sessionStorage.setItem(CLIENT_STATE_KEYS[1], 'on');

    actor.send({ type: 'auth.logout' });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));

    expect(calls.logout).toBe(1);
    expect(snapshot.context.user).toBeNull();
    expect(tokenStore.get()).toBeNull();
    expect(themeStore.get().source).toBe('default');
    expect(sessionStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(localStorage.items.size + sessionStorage.items.size).toBe(0);
  });

  it('forgets the session even when the server cannot be told', async () => {
    const tokenStore = createMemoryTokenStore({ token: 'access', refreshToken: 'refresh' });
    const { actor } = start({ tokenStore, logout: () => Promise.reject(new Error('offline')) });
    await waitFor(actor, (s) => s.matches('signedIn'));

    actor.send({ type: 'auth.logout' });
    await waitFor(actor, (s) => s.matches('signedOut'));

    expect(tokenStore.get()).toBeNull();
  });
});
