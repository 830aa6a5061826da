// De texts of the waiting pages (namespace 'waiting').
import type { WaitingTexts } from './en.ts';

export const waitingDe: WaitingTexts = {
  title: 'Warteraum',
};
