// Polls as the back office and the room's REST calls run them: a saved poll (the row) and its live copy
// in a room (under the id String(row id)), kept in step. Saving, asking, editing, starting, closing and
// voting are decided here once, and the back office's list of the lab's prepared polls (the rows without
// a room) with their removal; the routes parse and answer, the room's decider still rules on who may do
// what inside the room, and SQL stays in polls.repository.ts.
//
// Deleting a poll archives it, never refuses: it leaves the back office's list, its groups and the
// rooms' offers, and can no longer be edited nor asked anew; a room that asked it keeps it (its log and
// its state, which the room's REST views show as asked), so a session's record stays whole, and a poll
// still open there may be closed and answered until then.
import {
  type AnswerPollRequest,
  type AnswerPollResponse,
  type CreatePollRequest,
  checkPollForm,
  DomainError,
  effectivePermissions,
  forbidden,
  type IdsRequest,
  invalid,
  isAnimator,
  notFound,
  type PollContent,
  type PollView,
  type Principal,
  type RoomActor,
  type RoomCommandInput,
  type UpdatePollRequest,
} from '@lablive/domain';
import { type RoomAccess, resolveRoomAccess } from '../access/roomAccess.ts';
import { findVisibleEvent } from '../access/visibleEvents.ts';
import type { Db } from '../db/connection.ts';
import { findRoomBySession, findRoomInLab } from '../events/rooms.repository.ts';
import type { RoomService } from '../rooms/roomService.ts';
import {
  archivePolls,
  deletePollRow,
  findPollInLab,
  insertPoll,
  listPreparedPolls,
  type PollRow,
  roomPollId,
  toPollView,
  updatePollRow,
} from './polls.repository.ts';

const NOT_POLL_HOST = 'Only animators of the room and poll managers (manage polls) run polls.';

/** Runs a room command for a request, throwing the coded error of a refusal (http/restCommands.ts). */
export type RunRoomCommand = (command: {
  roomId: number;
  actor: RoomActor;
  command: RoomCommandInput;
  requestId: string;
  step: string;
}) => Promise<unknown>;

export type PollServiceDeps = { db: Db; rooms: RoomService; run: RunRoomCommand; now: () => Date };

function formContent(form: {
  title?: string | null | undefined;
  question: string;
  options: string[];
  allowMultiple?: boolean | undefined;
}): PollContent {
  const check = checkPollForm({ ...form, title: form.title ?? undefined });
  if (!check.ok) throw invalid('question', check.reason);
  return check.content;
}

function contentColumns(content: PollContent) {
  return {
    title: content.title,
    question: content.question,
    options: content.options,
    allow_multiple: content.allowMultiple,
  };
}

/** The room's copy of a stored poll, to create it there or to replace its content. */
function pollCommand(row: PollRow, type: 'CreatePoll' | 'EditPoll'): RoomCommandInput {
  const data = {
    pollId: roomPollId(row.id),
    title: row.title,
    question: row.question,
    options: row.options,
    allowMultiple: row.allow_multiple,
  };
  return { type, data };
}

export function createPollService(deps: PollServiceDeps) {
  return {
    /** The lab's prepared polls (not a room's), newest first: the back office's list. */
    list: (principal: Principal): Promise<PollView[]> => preparedPolls(deps, principal.labId),

    /** The same for a lab named by id: the caller's own only. */
    async listByLab(principal: Principal, labId: number): Promise<PollView[]> {
      if (labId !== principal.labId) throw notFound('lab', labId);
      return preparedPolls(deps, labId);
    },

    /** One poll of the lab, as stored (its room's live copy is the room's views'). */
    async get(principal: Principal, pollId: number): Promise<PollView> {
      return toPollView(await listedPoll(deps, principal, pollId));
    },

    /** Archives a poll of the lab (see the top of this file). */
    async archive(principal: Principal, pollId: number): Promise<void> {
      if ((await archivePolls(deps.db, principal.labId, [pollId], whoArchives(deps, principal))) === 0) {
        throw notFound('poll', pollId);
      }
    },

    /** Archives those of `ids` that are the lab's polls and not archived yet. */
    async archiveMany(principal: Principal, { ids }: IdsRequest): Promise<{ removed: number }> {
      return { removed: await archivePolls(deps.db, principal.labId, ids, whoArchives(deps, principal)) };
    },

    /** Saves a poll, and asks it in the room named (started at once when `active`). */
    create: (principal: Principal, body: CreatePollRequest, requestId: string) =>
      createPoll(deps, principal, body, requestId),

    /** Edits a poll's content, or starts or closes it (in its room, or the room the request names). */
    change: (principal: Principal, pollId: number, body: UpdatePollRequest, requestId: string) =>
      changePoll(deps, principal, pollId, body, requestId),

    /** The caller's vote, in the poll's room (or the room the request names for a saved lab poll). */
    answer: (principal: Principal, pollId: number, body: AnswerPollRequest, requestId: string) =>
      answerPoll(deps, principal, pollId, body, requestId),
  };
}

/** The room a request names (room_id, or the old client's OpenTok session id), within the lab. */
async function namedRoom(
  { db }: PollServiceDeps,
  labId: number,
  roomId: number | null | undefined,
  sessionId: string | null | undefined,
) {
  if (roomId != null) {
    const room = await findRoomInLab(db, labId, roomId);
    if (!room) throw notFound('room', roomId);
    return { id: room.id, eventId: room.event_id };
  }
  if (sessionId) {
    const room = await findRoomBySession(db, labId, sessionId);
    if (!room) throw new DomainError('not_found', 'No room has this opentok_session_id.');
    return { id: room.id, eventId: room.event_id };
  }
  return undefined;
}

/** Who runs a poll: a poll manager, or an animator of its room; anywhere else only a poll manager. */
async function hostAccess(
  { db }: PollServiceDeps,
  principal: Principal,
  roomId: number | null,
): Promise<RoomAccess | undefined> {
  const access = roomId === null ? undefined : await resolveRoomAccess(db, principal, roomId);
  const manager = effectivePermissions(principal).includes('manage_polls');
  if (!manager && !(access && isAnimator(access.actor.role))) throw forbidden(NOT_POLL_HOST);
  return access;
}

const inRoom = (
  { run }: PollServiceDeps,
  access: RoomAccess,
  requestId: string,
  step: string,
  command: RoomCommandInput,
) => run({ roomId: access.config.roomId, actor: access.actor, command, requestId, step });

async function roomHasPoll({ rooms }: PollServiceDeps, roomId: number, pollId: number): Promise<boolean> {
  const { state } = await rooms.snapshot(roomId);
  return state.polls.some((poll) => poll.id === roomPollId(pollId));
}

/** A poll of the caller's lab that is not archived (another lab's is as absent as an unknown one). */
async function listedPoll({ db }: PollServiceDeps, principal: Principal, pollId: number): Promise<PollRow> {
  const row = await findPollInLab(db, principal.labId, pollId);
  if (!row || row.deleted_at !== null) throw notFound('poll', pollId);
  return row;
}

async function preparedPolls({ db }: PollServiceDeps, labId: number): Promise<PollView[]> {
  return (await listPreparedPolls(db, labId)).map((row) => toPollView(row));
}

function whoArchives({ now }: PollServiceDeps, principal: Principal) {
  if (principal.kind !== 'user') throw forbidden('Only lab staff delete polls.');
  return { userId: principal.userId, at: now() };
}

/** Saves a poll, and asks it in the room named (started at once when `active`). */
async function createPoll(
  ctx: PollServiceDeps,
  principal: Principal,
  body: CreatePollRequest,
  requestId: string,
): Promise<PollView> {
  const { db } = ctx;
  const content = formContent(body);
  let eventId = body.event_id ?? null;
  if (eventId !== null && !(await findVisibleEvent(db, principal, eventId))) throw notFound('event', eventId);
  const room = await namedRoom(ctx, principal.labId, body.room_id, undefined);
  if (room && eventId !== null && room.eventId !== eventId) {
    throw invalid('room_id', `room ${room.id} is not a room of event ${eventId}.`);
  }
  eventId = room?.eventId ?? eventId;
  const access = await hostAccess(ctx, principal, room?.id ?? null);
  let row = await insertPoll(db, {
    ...content,
    labId: principal.labId,
    eventId,
    roomId: room?.id ?? null,
    // A room poll is active once the room started it, not before.
    active: access ? false : (body.active ?? false),
  });
  if (access) {
    try {
      await inRoom(ctx, access, requestId, 'create', pollCommand(row, 'CreatePoll'));
    } catch (error) {
      // The room refused it: no saved poll pretends to be in a room that does not know it.
      await deletePollRow(db, row.id);
      throw error;
    }
    if (body.active) {
      await inRoom(ctx, access, requestId, 'start', {
        type: 'StartPoll',
        data: { pollId: roomPollId(row.id) },
      });
      row = await updatePollRow(db, row.id, { active: true });
    }
  }
  return toPollView(row);
}

/** Edits a poll's content, or starts or closes it (in its room, or the room the request names). */
async function changePoll(
  ctx: PollServiceDeps,
  principal: Principal,
  pollId: number,
  body: UpdatePollRequest,
  requestId: string,
): Promise<PollView> {
  const { db } = ctx;
  let row = await findPollInLab(db, principal.labId, pollId);
  if (!row) throw notFound('poll', pollId);
  // A room poll stays in its room; a saved lab poll is run in the room the request names.
  const room =
    row.room_id !== null
      ? { id: row.room_id, eventId: row.event_id }
      : await namedRoom(ctx, principal.labId, body.room_id, body.opentok_session_id);
  if (room && row.event_id !== null && room.eventId !== row.event_id) {
    throw invalid('room_id', `poll ${row.id} belongs to event ${row.event_id}.`);
  }
  const { question, options } = body;
  const edits = question !== undefined && options !== undefined;
  // An archived poll lives on only where it was asked: started or closed there, never edited.
  if (row.deleted_at !== null && (edits || !room || !(await roomHasPoll(ctx, room.id, row.id)))) {
    throw notFound('poll', pollId);
  }
  const access = await hostAccess(ctx, principal, room?.id ?? null);
  const asked = access ? await roomHasPoll(ctx, access.config.roomId, row.id) : false;
  if (edits) {
    const content = formContent({ ...body, question, options });
    if (access && asked) {
      await inRoom(
        ctx,
        access,
        requestId,
        'edit',
        pollCommand({ ...row, ...contentColumns(content) }, 'EditPoll'),
      );
    }
    row = await updatePollRow(db, row.id, { content });
  }
  const active = body.active;
  if (active !== undefined && !(edits && active === row.active)) {
    if (access) {
      if (active && !asked) await inRoom(ctx, access, requestId, 'create', pollCommand(row, 'CreatePoll'));
      const type = active ? 'StartPoll' : 'ClosePoll';
      await inRoom(ctx, access, requestId, type, { type, data: { pollId: roomPollId(row.id) } });
    }
    // A saved lab poll may run in several rooms: its row keeps the saved state, each room its own.
    if (row.room_id !== null || !access) row = await updatePollRow(db, row.id, { active });
  }
  return toPollView(row);
}

/** The caller's vote, in the poll's room (or the room the request names for a saved lab poll). */
async function answerPoll(
  ctx: PollServiceDeps,
  principal: Principal,
  pollId: number,
  body: AnswerPollRequest,
  requestId: string,
): Promise<AnswerPollResponse> {
  const { db } = ctx;
  const row = await findPollInLab(db, principal.labId, pollId);
  if (!row) throw notFound('poll', pollId);
  const room =
    row.room_id !== null
      ? { id: row.room_id }
      : await namedRoom(ctx, principal.labId, body.room_id, body.opentok_session_id);
  if (!room) throw invalid('room_id', 'this poll is not asked in a room: name the room you vote in.');
  const access = await resolveRoomAccess(db, principal, room.id);
  if (body.participant_id !== undefined && body.participant_id !== access.actor.participantId) {
    throw new DomainError(
      'forbidden',
      'participant_id must be your own participation: you vote for yourself only.',
    );
  }
  await inRoom(ctx, access, requestId, 'answer', {
    type: 'AnswerPoll',
    data: { pollId: roomPollId(row.id), answers: body.answers },
  });
  return { poll: row.id, answered: true };
}

export type PollService = ReturnType<typeof createPollService>;
