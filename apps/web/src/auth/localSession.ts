// What this browser remembers about a session: the token pair, the theme, and the ids the video and
// debug tools keep. Signing out (or the server refusing the stored token) forgets all of it at once.
import type { StorageLike, TokenStore } from '@lablive/client';

/** Keys the live room's video client and debug tools write; sign-out removes them from both storages. */
export const CLIENT_STATE_KEYS = ['lablive.videoClientId', 'lablive.debug'] as const;

export type LocalSession = {
  hasStoredToken(): boolean;
  clear(): void;
};

export type LocalSessionDeps = {
  tokenStore: TokenStore;
  theme: { reset(): void };
  storages: readonly StorageLike[];
};

export function createLocalSession({ tokenStore, theme, storages }: LocalSessionDeps): LocalSession {
  return {
    hasStoredToken: () => tokenStore.get() !== null,
    clear: () => {
      tokenStore.clear();
      theme.reset();
      for (const storage of storages) {
        for (const key of CLIENT_STATE_KEYS) storage.removeItem(key);
      }
    },
  };
}
