// Holds the current theme for the tab: kept in sessionStorage so that a reload keeps the lab's look,
// reset on sign-out. React reads it with useSyncExternalStore (see useTheme).
import type { StorageLike } from '@lablive/client';
import { type AppliedTheme, appliedThemeSchema, DEFAULT_APPLIED_THEME } from './appliedTheme.ts';

export const THEME_STORAGE_KEY = 'lablive.theme';

export type ThemeStore = {
  get(): AppliedTheme;
  set(theme: AppliedTheme): void;
  reset(): void;
  subscribe(listener: () => void): () => void;
};

function load(storage: StorageLike): AppliedTheme {
  const raw = storage.getItem(THEME_STORAGE_KEY);
  if (raw === null) return DEFAULT_APPLIED_THEME;
  try {
    const parsed = appliedThemeSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_APPLIED_THEME;
  } catch {
    return DEFAULT_APPLIED_THEME;
  }
}

export function createThemeStore(storage: StorageLike): ThemeStore {
  let current = load(storage);
  const listeners = new Set<() => void>();
  const publish = (theme: AppliedTheme) => {
    current = theme;
    for (const listener of listeners) listener();
  };
  return {
    get: () => current,
    set: (theme) => {
      storage.setItem(THEME_STORAGE_KEY, JSON.stringify(theme));
      publish(theme);
    },
    reset: () => {
      storage.removeItem(THEME_STORAGE_KEY);
      publish(DEFAULT_APPLIED_THEME);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
