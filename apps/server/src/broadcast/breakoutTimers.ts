// The end of a breakout, on the job queue (pg-boss, jobs/jobQueue.ts): a job due at the breakout's end
// sends every room of the event the recall. Chosen over the room hosts' clocks because a breakout spans
// several rooms, each maybe hosted elsewhere or by nobody (a quiet room's host lets it go): the queue is
// in PostgreSQL, survives a restart, is taken by one instance, and is retried while a room cannot be
// reached. Its id comes from the breakout, so scheduling it twice (a retried request) is one job.
import { type RoomActor, roomStreamId } from '@lablive/domain';
import type { Db } from '../db/connection.ts';
import type { JobQueue } from '../jobs/jobQueue.ts';
import { uuidNamespace, uuidV5 } from '../rooms/eventIds.ts';
import type { RoomService } from '../rooms/roomService.ts';
import { sendToEveryRoom } from './roomFanOut.ts';

export const BREAKOUT_QUEUE = 'breakout-recall';
const JOB_IDS = uuidNamespace('4f1c7f0e-6a0e-4a53-9d0b-2f3b6d7c1a44');

/** What the recall needs when it is due, kept in the job. */
export type DueRecall = {
  eventId: number;
  breakoutId: string;
  targetRoomId: number;
  targetRoomName: string;
  /** Who started the breakout: the recall is theirs in each room's log. */
  actor: RoomActor;
};

export type BreakoutTimers = {
  /** Queues the recall for `endsAt`, once per breakout. */
  schedule(due: DueRecall, endsAt: string): Promise<void>;
};

/** Sends the timer's recall to every room of the event; throws (to be retried) when one was not reached. */
export async function recallWhenDue(deps: { db: Db; rooms: RoomService }, due: DueRecall): Promise<void> {
  const rooms = await deps.db
    .selectFrom('rooms')
    .select(['id', 'name'])
    .where('event_id', '=', due.eventId)
    .orderBy('id')
    .execute();
  const outcomes = await sendToEveryRoom(deps.rooms, {
    rooms,
    actor: due.actor,
    commandKey: `breakout-due-${due.eventId}-${due.breakoutId}`,
    command: () => ({
      type: 'RecallToRoom',
      data: {
        breakoutId: due.breakoutId,
        targetRoomId: due.targetRoomId,
        targetRoomName: due.targetRoomName,
        due: true,
      },
    }),
    correlationId: `breakout-${due.breakoutId}`,
  });
  const unreached = outcomes.filter((outcome) => outcome.code === 'room_unavailable');
  if (unreached.length > 0) {
    const streams = unreached.map((outcome) => roomStreamId(outcome.room_id)).join(', ');
    throw new Error(`breakout ${due.breakoutId}: recall not delivered to ${streams}`);
  }
}

export async function startBreakoutTimers(deps: { db: Db; rooms: RoomService; jobs: JobQueue }) {
  const { jobs } = deps;
  // Retried every 5 s for about a minute: a recall much later than its end is no use to anybody.
  await jobs.define<DueRecall>(
    BREAKOUT_QUEUE,
    { retryLimit: 12, retryDelaySeconds: 5, retryDelayMaxSeconds: 5 },
    (due) => recallWhenDue(deps, due),
  );
  const timers: BreakoutTimers = {
    async schedule(due, endsAt) {
      const id = uuidV5(`${due.eventId}:${due.breakoutId}`, JOB_IDS);
      await jobs.enqueue(deps.db, BREAKOUT_QUEUE, due, { id, startAfter: new Date(endsAt) });
    },
  };
  return timers;
}
