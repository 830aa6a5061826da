// The words of a session's CSV files (attendance and poll answers) in French, English and German: the
// header rows, the roles and a room still named by default, as the web's pages name them. Kept apart from the files'
// making (statsCsv.ts), as the mails' wording is from their composition.
import type { ConsentKind, EventRole, Locale } from '@lablive/domain';

export type StatsCsvWording = {
  attendance: {
    room: string;
    session: string;
    participant: string;
    role: string;
    stays: string;
    stayCount: string;
    minutesPresent: string;
    talkSeconds: string;
    messages: string;
    votes: string;
    speakRequests: string;
    consents: string;
  };
  polls: {
    room: string;
    poll: string;
    question: string;
    answer: string;
    votes: string;
    percent: string;
    voters: string;
  };
  roles: Record<EventRole, string>;
  /** A room still named by default (`Room 2`, stored in English), as the web says it. */
  defaultRoom: (number: number) => string;
  /** A person erased on their request (GDPR), as the web says it. */
  erased: string;
  /** A consent given (issue 33): its kind and version, and when it was withdrawn if it was. */
  consentKinds: Record<ConsentKind, string>;
  withdrawnOn: (when: string) => string;
};

export const STATS_CSV_WORDING: Record<Locale, StatsCsvWording> = {
  fr: {
    attendance: {
      room: 'Salle',
      session: 'Session',
      participant: 'Participant',
      role: 'Rôle',
      stays: 'Séjours (heure du laboratoire)',
      stayCount: 'Nombre de séjours',
      minutesPresent: 'Minutes de présence',
      talkSeconds: 'Temps de parole (secondes)',
      messages: 'Messages',
      votes: 'Votes',
      speakRequests: 'Demandes de parole',
      consents: 'Consentements',
    },
    polls: {
      room: 'Salle',
      poll: 'Sondage',
      question: 'Question',
      answer: 'Réponse',
      votes: 'Votes',
      percent: '% des votants',
      voters: 'Votants',
    },
    roles: {
      participant: 'Participant',
      animator: 'Animateur',
      observer: 'Observateur',
      'observer-animator': 'Observateur-animateur',
    },
    defaultRoom: (number) => `Salle ${number}`,
    erased: 'effacé',
    consentKinds: {
      data_processing: 'Traitement des données',
      recording: 'Enregistrement',
      contact: 'Contact',
    },
    withdrawnOn: (when) => `retiré le ${when}`,
  },
  en: {
    attendance: {
      room: 'Room',
      session: 'Session',
      participant: 'Participant',
      role: 'Role',
      stays: "Stays (lab's time)",
      stayCount: 'Number of stays',
      minutesPresent: 'Minutes present',
      talkSeconds: 'Talk time (seconds)',
      messages: 'Messages',
      votes: 'Votes',
      speakRequests: 'Speak requests',
      consents: 'Consents',
    },
    polls: {
      room: 'Room',
      poll: 'Poll',
      question: 'Question',
      answer: 'Answer',
      votes: 'Votes',
      percent: '% of voters',
      voters: 'Voters',
    },
    roles: {
      participant: 'Participant',
      animator: 'Animator',
      observer: 'Observer',
      'observer-animator': 'Observer-animator',
    },
    defaultRoom: (number) => `Room ${number}`,
    erased: 'erased',
    consentKinds: { data_processing: 'Data processing', recording: 'Recording', contact: 'Contact' },
    withdrawnOn: (when) => `withdrawn on ${when}`,
  },
  de: {
    attendance: {
      room: 'Raum',
      session: 'Sitzung',
      participant: 'Teilnehmer/in',
      role: 'Rolle',
      stays: 'Aufenthalte (Zeit des Labors)',
      stayCount: 'Anzahl der Aufenthalte',
      minutesPresent: 'Minuten anwesend',
      talkSeconds: 'Redezeit (Sekunden)',
      messages: 'Nachrichten',
      votes: 'Stimmen',
      speakRequests: 'Wortmeldungen',
      consents: 'Einwilligungen',
    },
    polls: {
      room: 'Raum',
      poll: 'Umfrage',
      question: 'Frage',
      answer: 'Antwort',
      votes: 'Stimmen',
      percent: '% der Abstimmenden',
      voters: 'Abstimmende',
    },
    roles: {
      participant: 'Teilnehmer/in',
      animator: 'Moderator/in',
      observer: 'Beobachter/in',
      'observer-animator': 'Beobachter/in und Moderator/in',
    },
    defaultRoom: (number) => `Raum ${number}`,
    erased: 'gelöscht',
    consentKinds: { data_processing: 'Datenverarbeitung', recording: 'Aufzeichnung', contact: 'Kontakt' },
    withdrawnOn: (when) => `widerrufen am ${when}`,
  },
};
