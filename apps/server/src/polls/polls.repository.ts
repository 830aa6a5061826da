// Lab polls as rows, always read within one lab. A poll asked in a room lives there too, under the id
// String(row id): the row is the saved poll, the room's state holds its live status and votes.
import type { PollContent, PollView } from '@lablive/domain';
import type { Db } from '../db/connection.ts';

const COLUMNS = [
  'id',
  'lab_id',
  'event_id',
  'room_id',
  'title',
  'question',
  'options',
  'allow_multiple',
  'active',
  'created_at',
] as const;

export type PollRow = {
  id: number;
  lab_id: number;
  event_id: number | null;
  room_id: number | null;
  title: string;
  question: string;
  options: string[];
  allow_multiple: boolean;
  active: boolean;
  created_at: Date;
};

/** The room's id of a stored poll. */
export const roomPollId = (pollId: number) => String(pollId);

export function toPollView(row: PollRow, answers?: readonly number[]): PollView {
  return {
    id: row.id,
    title: row.title,
    question: row.question,
    options: row.options,
    answers: answers ? [...answers] : row.options.map(() => 0),
    allowMultiple: row.allow_multiple,
    active: row.active,
    event_id: row.event_id,
    room_id: row.room_id,
    created_at: row.created_at.toISOString(),
  };
}

export async function findPollInLab(db: Db, labId: number, pollId: number): Promise<PollRow | undefined> {
  return db
    .selectFrom('polls')
    .select(COLUMNS)
    .where('id', '=', pollId)
    .where('lab_id', '=', labId)
    .executeTakeFirst();
}

/** The polls a room's poll panel offers: the room's own, and the saved polls of its event and its lab. */
export async function listRoomPolls(
  db: Db,
  labId: number,
  roomId: number,
  eventId: number,
): Promise<PollRow[]> {
  return db
    .selectFrom('polls')
    .select(COLUMNS)
    .where('lab_id', '=', labId)
    .where((eb) =>
      eb.or([
        eb('room_id', '=', roomId),
        eb.and([
          eb('room_id', 'is', null),
          eb.or([eb('event_id', 'is', null), eb('event_id', '=', eventId)]),
        ]),
      ]),
    )
    .orderBy('id')
    .execute();
}

export async function insertPoll(
  db: Db,
  values: PollContent & { labId: number; eventId: number | null; roomId: number | null; active: boolean },
): Promise<PollRow> {
  return db
    .insertInto('polls')
    .values({
      lab_id: values.labId,
      event_id: values.eventId,
      room_id: values.roomId,
      title: values.title,
      question: values.question,
      options: JSON.stringify(values.options),
      allow_multiple: values.allowMultiple,
      active: values.active,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updatePollRow(
  db: Db,
  pollId: number,
  change: { content?: PollContent; active?: boolean },
): Promise<PollRow> {
  const { content, active } = change;
  return db
    .updateTable('polls')
    .set({
      ...(content
        ? {
            title: content.title,
            question: content.question,
            options: JSON.stringify(content.options),
            allow_multiple: content.allowMultiple,
          }
        : {}),
      ...(active === undefined ? {} : { active }),
    })
    .where('id', '=', pollId)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deletePollRow(db: Db, pollId: number): Promise<void> {
  await db.deleteFrom('polls').where('id', '=', pollId).execute();
}
