// The browser-wide services, created once: the token store, the REST client, the theme store and the
// local-session bookkeeping the auth machine clears on sign-out.
import { createApiClient, createBrowserTokenStore } from '@lablive/client';
import { createLocalSession } from './auth/localSession.ts';
import { createThemeStore } from './theme/themeStore.ts';
import { xhrUpload } from './xhrUpload.ts';

export const tokenStore = createBrowserTokenStore({
  local: window.localStorage,
  session: window.sessionStorage,
});

// Same origin: the server serves this app, and `vite dev` proxies /api to it.
// Uploads whose progress a form shows go through XMLHttpRequest (xhrUpload.ts).
export const api = createApiClient({ baseUrl: '', tokenStore, upload: xhrUpload });

export const themeStore = createThemeStore(window.sessionStorage);

export const localSession = createLocalSession({
  tokenStore,
  theme: themeStore,
  storages: [window.localStorage, window.sessionStorage],
});
