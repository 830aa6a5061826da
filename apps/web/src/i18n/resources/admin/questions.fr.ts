// Textes français des questions d'une session, lues par l'équipe après coup (statistiques et relecture).
import type { questionsEn } from './questions.en.ts';

export const questionsFr: typeof questionsEn = {
  title: 'Questions',
  none: 'Aucune question n’a été posée.',
  csv: 'Questions (CSV)',
  tableLabel: 'Questions posées, épinglée en premier, puis par votes',
  timesIn: 'Heures de {{zone}}.',
  room: 'Salle',
  askedAt: 'Posée le',
  question: 'Question',
  askedBy: 'Posée par',
  votes: 'Votes',
  state: 'État',
  anonymous: 'anonyme pour les invités',
  unknownAsker: 'inconnu',
  status: { pending: 'En attente de validation', approved: 'Validée', hidden: 'Masquée' },
  answered: 'Répondue',
  voteCount_one: '{{count}} vote',
  voteCount_other: '{{count}} votes',
  pinned: 'Épinglée',
};
