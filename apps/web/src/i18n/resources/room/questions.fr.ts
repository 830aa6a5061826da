// Textes français de l’onglet Questions de la salle (issue 33, partie 3), repris dans fr.ts.
import type { RoomQuestionsResources } from './questions.en.ts';

export const roomQuestionsFr: RoomQuestionsResources = {
  questions: {
    title: 'Questions',
    input: 'Votre question',
    anonymous: 'Poser anonymement',
    anonymousHint:
      'Anonyme : les autres invités ne voient pas votre nom ; les animateurs le voient toujours.',
    ask: 'Poser',
    tooLong: 'Une question compte au plus {{max}} caractères.',
    empty: 'Aucune question pour le moment.',
    listLabel: 'Questions, épinglée en premier, puis par votes',
    you: 'Vous',
    anonymousAsker: 'Anonyme',
    anonymousToGuests: 'anonyme pour les invités',
    pending: 'En attente de validation',
    pinned: 'Épinglée',
    answered: 'Répondue',
    hidden: 'Masquée',
    upvote: 'Voter pour, votes :',
    actions: {
      approve: 'Valider',
      hide: 'Masquer',
      answer: 'Marquer répondue',
      pin: 'Épingler',
      unpin: 'Désépingler',
    },
  },
};
