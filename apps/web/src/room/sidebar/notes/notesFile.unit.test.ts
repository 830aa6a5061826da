// What the downloaded notes files are called and hold: one's own notes as typed, and each
// participant's name with their notes for an animator's request.
import { describe, expect, it } from 'vitest';
import { allNotesText, fileDate, fileSlug, myNotesText, notesFileName } from './notesFile.ts';

const day = new Date(2026, 2, 7, 9, 30);

describe('notes file names', () => {
  it('carry the session, the room, the kind and the local day', () => {
    expect(
      notesFileName({ sessionName: 'LabLive demo session', roomId: 12, kind: 'my-notes', date: day }),
    ).toBe('lablive-demo-session-room-12-my-notes-2026-03-07.txt');
  });

  it('stay safe for accents, punctuation and an empty session name', () => {
    expect(fileSlug('Séance « Pharmacie » n°2 / Île-de-France')).toBe('seance-pharmacie-n-2-ile-de-france');
    expect(notesFileName({ sessionName: '???', roomId: 3, kind: 'all-notes', date: day })).toBe(
      'lablive-room-3-all-notes-2026-03-07.txt',
    );
    expect(fileDate(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });
});

describe('notes file contents', () => {
  it('holds my notes under a heading, as typed', () => {
    expect(myNotesText({ heading: 'My notes: Demo', text: 'Dose: 5 mg\n  - twice a day\n\n' })).toBe(
      'My notes: Demo\n\nDose: 5 mg\n  - twice a day\n',
    );
  });

  it("holds each participant's name and notes, in the order they were handed in", () => {
    const text = allNotesText({
      heading: 'Notes handed in: Demo',
      submissions: [
        { name: 'Ada Lovelace', text: 'Question about the patch\n', at: '2026-03-07T09:31:00.000Z' },
        { name: 'Alan Turing', text: '   ', at: '2026-03-07T09:32:00.000Z' },
      ],
      empty: '(no notes)',
      time: (iso) => iso.slice(11, 16),
    });
    expect(text).toBe(
      [
        'Notes handed in: Demo',
        '',
        'Ada Lovelace (09:31)',
        '====================',
        'Question about the patch',
        '',
        'Alan Turing (09:32)',
        '===================',
        '(no notes)',
        '',
      ].join('\n'),
    );
  });

  it('says so when nobody handed anything in', () => {
    expect(allNotesText({ heading: 'H', submissions: [], empty: '(no notes)', time: String })).toBe(
      'H\n\n(no notes)\n',
    );
  });
});
