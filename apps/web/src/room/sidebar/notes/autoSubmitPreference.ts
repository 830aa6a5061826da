// Whether this browser hands in the saved notes by itself when an animator asks for them: a choice the
// participant makes once and keeps across rooms, so it lives in localStorage (absent in private modes,
// where the choice lasts for the page).
import { useCallback, useState } from 'react';

const STORAGE_KEY = 'lablive.notes.autoSubmit';

function read(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function useAutoSubmitPreference(): [boolean, (enabled: boolean) => void] {
  const [enabled, setEnabled] = useState(read);
  const change = useCallback((next: boolean) => {
    setEnabled(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, String(next));
    } catch {
      // Storage refused: the choice still holds for this page.
    }
  }, []);
  return [enabled, change];
}
