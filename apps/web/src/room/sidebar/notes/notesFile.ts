// The .txt files of the notes tab: a person's own notes, and everything handed in for one of an
// animator's requests (each participant's name, then their notes). Names carry the session, the room
// and the day, so several downloads stay apart in a folder. Pure: texts and the date come in.
export type HandedIn = { name: string; text: string; at: string };

/** The local calendar day, as file names sort it. */
export function fileDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Lower-case ASCII words joined by dashes: safe in a file name on every system. */
export function fileSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

export function notesFileName(file: {
  sessionName: string;
  roomId: number;
  kind: 'my-notes' | 'all-notes';
  date: Date;
}): string {
  const session = fileSlug(file.sessionName);
  const prefix = session === '' ? 'lablive' : session;
  return `${prefix}-room-${file.roomId}-${file.kind}-${fileDate(file.date)}.txt`;
}

/** Line ends of the text as typed; the file ends with one newline. */
export function myNotesText(file: { heading: string; text: string }): string {
  return `${file.heading}\n\n${file.text.trimEnd()}\n`;
}

export function allNotesText(file: {
  heading: string;
  submissions: readonly HandedIn[];
  /** Shown for a participant who handed in empty notes, and when nobody handed in anything. */
  empty: string;
  time: (iso: string) => string;
}): string {
  if (file.submissions.length === 0) return `${file.heading}\n\n${file.empty}\n`;
  const sections = file.submissions.map((submission) => {
    const title = `${submission.name} (${file.time(submission.at)})`;
    const text = submission.text.trim() === '' ? file.empty : submission.text.trimEnd();
    return `${title}\n${'='.repeat(title.length)}\n${text}\n`;
  });
  return `${file.heading}\n\n${sections.join('\n')}`;
}
