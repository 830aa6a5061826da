// A session's two CSV files, in the reader's language: one line per person and room session (when they
// came and went, in the lab's time zone, and what they did), one line per poll answer (its votes and
// share of the voters). Rooms by their names; the words are statsCsvWording.ts's, the file csvFile.ts's.
import {
  defaultRoomNumber,
  type EventRole,
  type EventStats,
  intlLocale,
  type Locale,
  type PollStatsRow,
  sayErased,
} from '@lablive/domain';
import { csvFile } from '../files/csvFile.ts';
import { STATS_CSV_WORDING } from './statsCsvWording.ts';

/** What both files need besides their rows: the reader's language, the lab's zone, the rooms' names. */
export type CsvReader = { locale: Locale; timeZone: string; roomNames: ReadonlyMap<number, string> };

/** A room's name as its reader reads it: one still named by default in their language. */
export function roomName(reader: CsvReader, roomId: number): string {
  const name = reader.roomNames.get(roomId) ?? String(roomId);
  const number = defaultRoomNumber(name);
  return number === null ? name : STATS_CSV_WORDING[reader.locale].defaultRoom(number);
}

const isRole = (role: string): role is EventRole => role in STATS_CSV_WORDING.en.roles;

export function attendanceCsv(stats: EventStats, reader: CsvReader): string {
  const words = STATS_CSV_WORDING[reader.locale];
  const instant = new Intl.DateTimeFormat(intlLocale(reader.locale), {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: reader.timeZone,
  });
  const rows = stats.sessions.flatMap((session) =>
    session.participants.map((person) => [
      roomName(reader, session.room_id),
      session.number,
      sayErased(person.name, words.erased),
      isRole(person.role) ? words.roles[person.role] : person.role,
      person.intervals
        .map(
          (stay) =>
            `${instant.format(new Date(stay.from))} – ${stay.to === null ? '' : instant.format(new Date(stay.to))}`,
        )
        .join('\n'),
      person.intervals.length,
      // Whole minutes rounded, as the session detail's timeline shows them.
      Math.round(person.present_seconds / 60),
      person.talk_seconds,
      person.messages,
      person.votes,
      person.speak_requests,
      person.consents
        .map((consent) => {
          const given = `${words.consentKinds[consent.kind]} v${consent.version}`;
          return consent.withdrawn_at === null
            ? given
            : `${given} (${words.withdrawnOn(instant.format(new Date(consent.withdrawn_at)))})`;
        })
        .join('\n'),
    ]),
  );
  const header = words.attendance;
  return csvFile(
    reader.locale,
    [
      header.room,
      header.session,
      header.participant,
      header.role,
      header.stays,
      header.stayCount,
      header.minutesPresent,
      header.talkSeconds,
      header.messages,
      header.votes,
      header.speakRequests,
      header.consents,
    ],
    rows,
  );
}

export function pollsCsv(polls: readonly PollStatsRow[], reader: CsvReader): string {
  const header = STATS_CSV_WORDING[reader.locale].polls;
  const rows = polls.flatMap((poll) =>
    poll.answers.map((answer) => [
      roomName(reader, poll.room_id),
      poll.name,
      poll.question,
      answer.name,
      answer.count,
      answer.value,
      poll.voters,
    ]),
  );
  return csvFile(
    reader.locale,
    [header.room, header.poll, header.question, header.answer, header.votes, header.percent, header.voters],
    rows,
  );
}
