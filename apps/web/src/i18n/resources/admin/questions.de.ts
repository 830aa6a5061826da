// Deutsche Texte der Fragen einer Sitzung, wie das Team sie danach liest (Statistik und Wiedergabe).
import type { questionsEn } from './questions.en.ts';

export const questionsDe: typeof questionsEn = {
  title: 'Fragen',
  none: 'Es wurde keine Frage gestellt.',
  csv: 'Fragen (CSV)',
  tableLabel: 'Gestellte Fragen, angeheftete zuerst, dann nach Stimmen',
  timesIn: 'Zeiten in {{zone}}.',
  room: 'Raum',
  askedAt: 'Gestellt am',
  question: 'Frage',
  askedBy: 'Gestellt von',
  votes: 'Stimmen',
  state: 'Status',
  anonymous: 'anonym für Gäste',
  unknownAsker: 'unbekannt',
  status: { pending: 'Wartet auf Freigabe', approved: 'Freigegeben', hidden: 'Ausgeblendet' },
  answered: 'Beantwortet',
  voteCount_one: '{{count}} Stimme',
  voteCount_other: '{{count}} Stimmen',
  pinned: 'Angeheftet',
};
