// Where the client keeps the access/refresh token pair between calls. The REST client reads and rotates
// the pair through this interface; the in-memory store serves Node scripts, tests and the load generator.
import { z } from 'zod';

export const tokenPairSchema = z.object({ token: z.string().min(1), refreshToken: z.string().min(1) });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export type SaveOptions = {
  /**
   * true: keep the pair across browser restarts (remember-me); false: only for this tab's session.
   * Omitted: keep it wherever the current pair is kept (a refreshed pair replaces the old one in place).
   */
  remember?: boolean;
};

export interface TokenStore {
  get(): TokenPair | null;
  set(pair: TokenPair, options?: SaveOptions): void;
  clear(): void;
}

export function createMemoryTokenStore(initial: TokenPair | null = null): TokenStore {
  let current = initial;
  return {
    get: () => current,
    set: (pair) => {
      current = { token: pair.token, refreshToken: pair.refreshToken };
    },
    clear: () => {
      current = null;
    },
  };
}
