// English texts of the waiting pages (namespace 'waiting'); other languages provide the same keys.
import type { Widen } from '../widen.ts';

export const waitingEn = {
  title: 'Waiting room',
} as const;

export type WaitingTexts = Widen<typeof waitingEn>;
