// The browser's token store: remember-me keeps the pair in localStorage, otherwise in sessionStorage
// (gone when the tab closes). Storages are passed in, so the package never touches browser globals itself.
import { type TokenPair, type TokenStore, tokenPairSchema } from './tokenStore.ts';

/** The part of the Web Storage API the store uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const TOKEN_STORAGE_KEY = 'lablive.tokens';

function read(storage: StorageLike): TokenPair | null {
  const raw = storage.getItem(TOKEN_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed = tokenPairSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createBrowserTokenStore(storages: { local: StorageLike; session: StorageLike }): TokenStore {
  const { local, session } = storages;
  return {
    get: () => read(local) ?? read(session),
    set: (pair, options = {}) => {
      const remember = options.remember ?? read(local) !== null;
      const [target, other] = remember ? [local, session] : [session, local];
      target.setItem(
        TOKEN_STORAGE_KEY,
        JSON.stringify({ token: pair.token, refreshToken: pair.refreshToken }),
      );
      other.removeItem(TOKEN_STORAGE_KEY);
    },
    clear: () => {
      local.removeItem(TOKEN_STORAGE_KEY);
      session.removeItem(TOKEN_STORAGE_KEY);
    },
  };
}
