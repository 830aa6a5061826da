// Fr texts of the waiting pages (namespace 'waiting').
import type { WaitingTexts } from './en.ts';

export const waitingFr: WaitingTexts = {
  title: "Salle d'attente",
};
