// What a screen asks of the toast area: show a short message, and take it back (by key) when it no
// longer applies. The provider (ToastProvider.tsx) renders them; useToast hands this API to screens.
import { createContext } from 'react';

export type ToastTone = 'info' | 'success' | 'warning' | 'error';

/** The live-room spec keeps device toasts on screen for 7 s (section 9). */
export const DEVICE_TOAST_DURATION_MS = 7000;
export const DEFAULT_TOAST_DURATION_MS = 5000;

export type ToastRequest = {
  title: string;
  description?: string;
  tone?: ToastTone;
  durationMs?: number;
  /** A toast with the key of one on screen replaces it instead of stacking ("updating…" → "failed"). */
  key?: string;
  /** data-testid of the toast, for end-to-end tests reading a given message. */
  testId?: string;
};

export type ToastApi = {
  show(toast: ToastRequest): void;
  dismiss(key: string): void;
};

export const ToastContext = createContext<ToastApi | null>(null);
