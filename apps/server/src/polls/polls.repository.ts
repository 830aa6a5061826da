// Lab polls as rows, always read within one lab. A poll asked in a room lives there too, under the id
// String(row id): the row is the saved poll, the room's state holds its live status and votes. A lab's
// prepared polls are its rows without a room (the back office's list); deleting one archives it
// (deleted_at, deleted_by): out of the lists and the rooms' offers, but a room that asked it keeps it.
import type { PollContent, PollView } from '@lablive/domain';
import { archiveInLab } from '../db/archiveInLab.ts';
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
  'deleted_at',
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
  /** Archived when set (deleted in the back office). */
  deleted_at: Date | null;
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

/** The lab's prepared polls (not a room's), not archived, newest first: the back office's list. */
export async function listPreparedPolls(db: Db, labId: number): Promise<PollRow[]> {
  return db
    .selectFrom('polls')
    .select(COLUMNS)
    .where('lab_id', '=', labId)
    .where('room_id', 'is', null)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * The polls of a room: its own and those it asked (`asked`, ids of its state), archived or not (a
 * session keeps what it was asked), and, `withPrepared` (for its animators' poll panel), the prepared
 * polls of its event and its lab that one may ask there.
 */
export async function listRoomPolls(
  db: Db,
  room: { labId: number; roomId: number; eventId: number },
  asked: readonly number[],
  withPrepared: boolean,
): Promise<PollRow[]> {
  return db
    .selectFrom('polls')
    .select(COLUMNS)
    .where('lab_id', '=', room.labId)
    .where((eb) =>
      eb.or([
        eb('room_id', '=', room.roomId),
        ...(asked.length > 0 ? [eb('id', 'in', [...asked])] : []),
        ...(withPrepared
          ? [
              eb.and([
                eb('room_id', 'is', null),
                eb('deleted_at', 'is', null),
                eb.or([eb('event_id', 'is', null), eb('event_id', '=', room.eventId)]),
              ]),
            ]
          : []),
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

/**
 * Archives those of `ids` that are the lab's polls and not archived yet, and takes them out of their
 * groups; answers how many it archived.
 */
export async function archivePolls(
  db: Db,
  labId: number,
  ids: readonly number[],
  by: { userId: number; at: Date },
): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const archived = await archiveInLab(trx, 'polls', labId, ids, by).returning('id').execute();
    if (archived.length > 0) {
      await trx
        .deleteFrom('group_polls')
        .where(
          'poll_id',
          'in',
          archived.map((row) => row.id),
        )
        .execute();
    }
    return archived.length;
  });
}
