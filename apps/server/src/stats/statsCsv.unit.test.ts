// A session's CSV files in each language: translated headers and roles, rooms by their names (a room
// still named by default in the reader's language), numbers in the language's notation.
import { ERASED_VALUE, type EventStats, type PollStatsRow } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { attendanceCsv, pollsCsv } from './statsCsv.ts';

const poll: PollStatsRow = {
  id: 'p1',
  room_id: 7,
  event_id: 1,
  event_name: 'Event',
  name: 'Dose',
  question: 'Which dose?',
  type: 'single',
  voters: 3,
  answers: [{ name: '5 mg', count: 1, value: 33.3 }],
  started_at: null,
};
const reader = (locale: 'fr' | 'en' | 'de', name: string) => ({
  locale,
  timeZone: 'Europe/Berlin',
  roomNames: new Map([[7, name]]),
});
const lines = (text: string) => text.slice(1).split('\r\n');

describe('the session CSV files', () => {
  it('name a room still named by default in the reader language, and a renamed one as it is', () => {
    expect(lines(pollsCsv([poll], reader('fr', 'Room 2')))[1]).toBe('Salle 2;Dose;Which dose?;5 mg;1;33,3;3');
    expect(lines(pollsCsv([poll], reader('de', 'Room 2')))[1]).toBe('Raum 2;Dose;Which dose?;5 mg;1;33,3;3');
    expect(lines(pollsCsv([poll], reader('en', 'Room 2')))[1]).toBe('Room 2,Dose,Which dose?,5 mg,1,33.3,3');
    expect(lines(pollsCsv([poll], reader('de', 'Hörsaal')))[1]).toMatch(/^Hörsaal;/);
  });

  it('write the attendance with German words, roles and the lab clock', () => {
    const stats = {
      sessions: [
        {
          room_id: 7,
          number: 1,
          participants: [
            {
              participant_id: 1,
              name: 'Ana',
              role: 'observer-animator',
              intervals: [{ from: '2026-11-20T10:05:00.000Z', to: '2026-11-20T10:45:00.000Z' }],
              present_seconds: 2400,
              talk_seconds: 600,
              messages: 0,
              votes: 1,
              speak_requests: 0,
              consents: [
                {
                  kind: 'data_processing',
                  version: 2,
                  given_at: '2026-11-20T10:00:00.000Z',
                  withdrawn_at: null,
                },
                {
                  kind: 'contact',
                  version: 1,
                  given_at: '2026-11-20T10:00:00.000Z',
                  withdrawn_at: '2026-11-20T11:00:00.000Z',
                },
              ],
            },
          ],
        },
      ],
    } as unknown as EventStats;
    const [header, row] = lines(attendanceCsv(stats, reader('de', 'Room 1')));
    expect(header?.split(';').slice(0, 4)).toEqual(['Raum', 'Sitzung', 'Teilnehmer/in', 'Rolle']);
    expect(header?.split(';').at(-1)).toBe('Einwilligungen');
    // The consents given, one a line in their cell (quoted), the withdrawn one said so on the lab clock.
    expect(
      lines(attendanceCsv(stats, reader('de', 'Room 1')))
        .slice(1, -1)
        .join('\r\n'),
    ).toBe(
      'Raum 1;1;Ana;Beobachter/in und Moderator/in;20.11.26, 11:05 – 20.11.26, 11:45;1;40;600;0;1;0;' +
        '"Datenverarbeitung v2\nKontakt v1 (widerrufen am 20.11.26, 12:00)"',
    );
    expect(row).toMatch(/^Raum 1;1;Ana;/);
  });

  it('say an erased person in the reader language', () => {
    const stats = {
      sessions: [
        {
          room_id: 7,
          number: 1,
          participants: [
            {
              participant_id: 2,
              name: ERASED_VALUE,
              role: 'participant',
              intervals: [],
              present_seconds: 0,
              talk_seconds: 0,
              messages: 1,
              votes: 0,
              speak_requests: 0,
              consents: [],
            },
          ],
        },
      ],
    } as unknown as EventStats;
    expect(lines(attendanceCsv(stats, reader('de', 'Room 1')))[1]).toMatch(/^Raum 1;1;gelöscht;/);
    expect(lines(attendanceCsv(stats, reader('fr', 'Room 1')))[1]).toMatch(/^Salle 1;1;effacé;/);
  });
});
