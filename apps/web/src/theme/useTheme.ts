// The current theme, for components (logo, lab name); re-renders when it changes.
import { useSyncExternalStore } from 'react';
import { themeStore } from '../services.ts';
import type { AppliedTheme } from './appliedTheme.ts';

export function useTheme(): AppliedTheme {
  return useSyncExternalStore(themeStore.subscribe, themeStore.get);
}
