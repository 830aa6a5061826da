// Deutsche Texte des Fragen-Tabs im Raum (Issue 33, Teil 3), in de.ts übernommen.
import type { RoomQuestionsResources } from './questions.en.ts';

export const roomQuestionsDe: RoomQuestionsResources = {
  questions: {
    title: 'Fragen',
    input: 'Ihre Frage',
    anonymous: 'Anonym fragen',
    anonymousHint: 'Anonym: Andere Gäste sehen Ihren Namen nicht; die Moderatoren sehen ihn immer.',
    ask: 'Fragen',
    tooLong: 'Eine Frage hat höchstens {{max}} Zeichen.',
    empty: 'Noch keine Fragen.',
    listLabel: 'Fragen, angeheftete zuerst, dann nach Stimmen',
    you: 'Sie',
    anonymousAsker: 'Anonym',
    anonymousToGuests: 'anonym für Gäste',
    pending: 'Wartet auf Freigabe',
    pinned: 'Angeheftet',
    answered: 'Beantwortet',
    hidden: 'Ausgeblendet',
    upvote: 'Unterstützen, Stimmen:',
    actions: {
      approve: 'Freigeben',
      hide: 'Ausblenden',
      answer: 'Als beantwortet markieren',
      pin: 'Anheften',
      unpin: 'Lösen',
    },
  },
};
