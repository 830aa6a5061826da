// An event's questions as a CSV in each language: translated headers and states, the lab's clock, the
// asker named even when the guests did not see it (staff read it), an erased asker as the web says it.
import { ERASED_VALUE, type QuestionStatsRow } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { questionsCsv } from './questionsCsv.ts';

const question: QuestionStatsRow = {
  room_id: 7,
  id: 'q1',
  asked_at: '2026-11-29T09:05:00.000Z',
  text: 'Is the 10 mg dose safe for children?',
  asker: 'Gina Asker',
  anonymous: true,
  votes: 3,
  status: 'approved',
  answered: true,
  pinned: false,
};
const reader = (locale: 'fr' | 'en' | 'de') => ({
  locale,
  timeZone: 'Europe/Berlin',
  roomNames: new Map([[7, 'Room 2']]),
});
const lines = (text: string) =>
  text
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '');

describe('the questions CSV', () => {
  it('says each question, who asked, its votes and state in the reader language, on the lab clock', () => {
    expect(lines(questionsCsv([question], reader('fr')))).toEqual([
      'Salle;Posée le (heure du laboratoire);Question;Posée par;Anonyme pour les invités;Votes;Statut;Répondue;Épinglée',
      'Salle 2;29/11/2026 10:05;Is the 10 mg dose safe for children?;Gina Asker;oui;3;Validée;oui;non',
    ]);
    expect(lines(questionsCsv([question], reader('de')))[1]).toBe(
      'Raum 2;29.11.26, 10:05;Is the 10 mg dose safe for children?;Gina Asker;ja;3;Freigegeben;ja;nein',
    );
    expect(lines(questionsCsv([{ ...question, status: 'pending', answered: false }], reader('en')))).toEqual([
      "Room,Asked at (lab's time),Question,Asked by,Anonymous to guests,Votes,Status,Answered,Pinned",
      'Room 2,"29/11/2026, 10:05",Is the 10 mg dose safe for children?,Gina Asker,yes,3,Awaiting approval,no,no',
    ]);
  });

  it('says an erased asker and their words as the web does', () => {
    const erased = { ...question, asker: ERASED_VALUE, text: ERASED_VALUE };
    expect(lines(questionsCsv([erased], reader('de')))[1]).toContain('gelöscht;gelöscht');
  });
});
