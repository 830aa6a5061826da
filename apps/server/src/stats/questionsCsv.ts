// An event's questions as a CSV in the reader's language (issue 33, part 3): one line per question, in
// the order the room showed them, with the room, when it was asked (in the lab's zone), its words, who
// asked (staff read names, anonymous ones marked), its votes and its state. Rooms by their names, an
// erased person as the web says it (statsCsv.ts); the file is csvFile.ts's like the other statistics.
import { intlLocale, type Locale, type QuestionStatsRow, sayErased } from '@lablive/domain';
import { csvFile } from '../files/csvFile.ts';
import { type CsvReader, roomName } from './statsCsv.ts';
import { STATS_CSV_WORDING } from './statsCsvWording.ts';

type Wording = {
  header: readonly string[];
  yes: string;
  no: string;
  status: Record<QuestionStatsRow['status'], string>;
};

export const QUESTIONS_CSV_WORDING: Record<Locale, Wording> = {
  en: {
    header: [
      'Room',
      "Asked at (lab's time)",
      'Question',
      'Asked by',
      'Anonymous to guests',
      'Votes',
      'Status',
      'Answered',
      'Pinned',
    ],
    yes: 'yes',
    no: 'no',
    status: { pending: 'Awaiting approval', approved: 'Approved', hidden: 'Hidden' },
  },
  fr: {
    header: [
      'Salle',
      'Posée le (heure du laboratoire)',
      'Question',
      'Posée par',
      'Anonyme pour les invités',
      'Votes',
      'Statut',
      'Répondue',
      'Épinglée',
    ],
    yes: 'oui',
    no: 'non',
    status: { pending: 'En attente de validation', approved: 'Validée', hidden: 'Masquée' },
  },
  de: {
    header: [
      'Raum',
      'Gestellt am (Zeit des Labors)',
      'Frage',
      'Gestellt von',
      'Anonym für Gäste',
      'Stimmen',
      'Status',
      'Beantwortet',
      'Angeheftet',
    ],
    yes: 'ja',
    no: 'nein',
    status: { pending: 'Wartet auf Freigabe', approved: 'Freigegeben', hidden: 'Ausgeblendet' },
  },
};

export function questionsCsv(questions: readonly QuestionStatsRow[], reader: CsvReader): string {
  const words = QUESTIONS_CSV_WORDING[reader.locale];
  const { erased } = STATS_CSV_WORDING[reader.locale];
  const instant = new Intl.DateTimeFormat(intlLocale(reader.locale), {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: reader.timeZone,
  });
  const yesNo = (value: boolean) => (value ? words.yes : words.no);
  const rows = questions.map((question) => [
    roomName(reader, question.room_id),
    instant.format(new Date(question.asked_at)),
    sayErased(question.text, erased),
    question.asker === null ? null : sayErased(question.asker, erased),
    yesNo(question.anonymous),
    question.votes,
    words.status[question.status],
    yesNo(question.answered),
    yesNo(question.pinned),
  ]);
  return csvFile(reader.locale, words.header, rows);
}
