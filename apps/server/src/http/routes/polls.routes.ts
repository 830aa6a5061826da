// Polls: POST polls (save a poll, and ask it in a room), PUT polls/{id} (start, close, or edit) and
// POST polls/answer/{pollId} (vote). The row is the saved poll; a room holds its live copy under the
// id String(row id), and the room's decider rules on who may create, start, close and vote.
import {
  answerPollRequestSchema,
  answerPollResponseSchema,
  checkPollForm,
  createPollRequestSchema,
  DomainError,
  isAnimator,
  type PollContent,
  type Principal,
  pollSchema,
  type RoomCommandInput,
  updatePollRequestSchema,
} from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { Db } from '../../db/connection.ts';
import { findRoomBySession, findRoomInLab } from '../../events/rooms.repository.ts';
import { findVisibleEvent } from '../../events/visibleEvents.ts';
import {
  deletePollRow,
  findPollInLab,
  insertPoll,
  type PollRow,
  roomPollId,
  toPollView,
  updatePollRow,
} from '../../polls/polls.repository.ts';
import { type RoomAccess, resolveRoomAccess } from '../../rooms/roomAccess.ts';
import type { RoomService } from '../../rooms/roomService.ts';
import { executeRestCommand } from '../restCommands.ts';
import { roomHasPoll } from '../restRoomViews.ts';
import { forbidden, holds, idParams, invalid, notFound } from './routeHelpers.ts';

const NOT_POLL_HOST = 'Only animators of the room and poll managers (manage polls) run polls.';

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

export async function pollsRoutes(
  instance: FastifyInstance,
  options: { db: Db; authenticator: Authenticator; rooms: RoomService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator, rooms } = options;

  /** The room a request names (room_id, or the old client's OpenTok session id), within the lab. */
  async function namedRoom(
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
  async function hostAccess(principal: Principal, roomId: number | null): Promise<RoomAccess | undefined> {
    const access = roomId === null ? undefined : await resolveRoomAccess(db, principal, roomId);
    if (!holds(principal, 'manage_polls') && !(access && isAnimator(access.actor.role))) {
      throw forbidden(NOT_POLL_HOST);
    }
    return access;
  }

  function command(access: RoomAccess, requestId: string, step: string, body: RoomCommandInput) {
    return executeRestCommand(rooms, {
      roomId: access.config.roomId,
      actor: access.actor,
      command: body,
      requestId,
      step,
    });
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

  app.post(
    '/polls',
    { schema: { body: createPollRequestSchema, response: { 201: pollSchema } } },
    async (request, reply) => {
      const { principal } = await authenticator.authenticate(request);
      const body = request.body;
      const content = formContent(body);
      let eventId = body.event_id ?? null;
      if (eventId !== null && !(await findVisibleEvent(db, principal, eventId)))
        throw notFound('event', eventId);
      const room = await namedRoom(principal.labId, body.room_id, undefined);
      if (room && eventId !== null && room.eventId !== eventId) {
        throw invalid('room_id', `room ${room.id} is not a room of event ${eventId}.`);
      }
      eventId = room?.eventId ?? eventId;
      const access = await hostAccess(principal, room?.id ?? null);
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
          await command(access, request.id, 'create', pollCommand(row, 'CreatePoll'));
        } catch (error) {
          // The room refused it: no saved poll pretends to be in a room that does not know it.
          await deletePollRow(db, row.id);
          throw error;
        }
        if (body.active) {
          await command(access, request.id, 'start', {
            type: 'StartPoll',
            data: { pollId: roomPollId(row.id) },
          });
          row = await updatePollRow(db, row.id, { active: true });
        }
      }
      return reply.status(201).send(toPollView(row));
    },
  );

  app.put(
    '/polls/:id',
    {
      schema: { params: idParams, body: updatePollRequestSchema, response: { 200: pollSchema } },
    },
    async (request) => {
      const { principal } = await authenticator.authenticate(request);
      const body = request.body;
      let row = await findPollInLab(db, principal.labId, request.params.id);
      if (!row) throw notFound('poll', request.params.id);
      // A room poll stays in its room; a saved lab poll is run in the room the request names.
      const room =
        row.room_id !== null
          ? { id: row.room_id, eventId: row.event_id }
          : await namedRoom(principal.labId, body.room_id, body.opentok_session_id);
      if (room && row.event_id !== null && room.eventId !== row.event_id) {
        throw invalid('room_id', `poll ${row.id} belongs to event ${row.event_id}.`);
      }
      const access = await hostAccess(principal, room?.id ?? null);
      const inRoom = access ? await roomHasPoll(rooms, access.config.roomId, row.id) : false;
      const { question, options } = body;
      const edits = question !== undefined && options !== undefined;
      if (edits) {
        const content = formContent({ ...body, question, options });
        if (access && inRoom) {
          await command(
            access,
            request.id,
            'edit',
            pollCommand({ ...row, ...contentColumns(content) }, 'EditPoll'),
          );
        }
        row = await updatePollRow(db, row.id, { content });
      }
      const active = body.active;
      if (active !== undefined && !(edits && active === row.active)) {
        if (access) {
          if (active && !inRoom) await command(access, request.id, 'create', pollCommand(row, 'CreatePoll'));
          const type = active ? 'StartPoll' : 'ClosePoll';
          await command(access, request.id, type, { type, data: { pollId: roomPollId(row.id) } });
        }
        // A saved lab poll may run in several rooms: its row keeps the saved state, each room its own.
        if (row.room_id !== null || !access) row = await updatePollRow(db, row.id, { active });
      }
      return toPollView(row);
    },
  );

  app.post(
    '/polls/answer/:pollId',
    {
      schema: {
        params: z.object({ pollId: idParams.shape.id }),
        body: answerPollRequestSchema,
        response: { 201: answerPollResponseSchema },
      },
    },
    async (request, reply) => {
      const { principal } = await authenticator.authenticate(request);
      const { pollId } = request.params;
      const body = request.body;
      const row = await findPollInLab(db, principal.labId, pollId);
      if (!row) throw notFound('poll', pollId);
      const room =
        row.room_id !== null
          ? { id: row.room_id }
          : await namedRoom(principal.labId, body.room_id, body.opentok_session_id);
      if (!room) throw invalid('room_id', 'this poll is not asked in a room: name the room you vote in.');
      const access = await resolveRoomAccess(db, principal, room.id);
      if (body.participant_id !== undefined && body.participant_id !== access.actor.participantId) {
        throw forbidden('participant_id must be your own participation: you vote for yourself only.');
      }
      await command(access, request.id, 'answer', {
        type: 'AnswerPoll',
        data: { pollId: roomPollId(row.id), answers: body.answers },
      });
      return reply.status(201).send({ poll: row.id, answered: true });
    },
  );
}

function contentColumns(content: PollContent) {
  return {
    title: content.title,
    question: content.question,
    options: content.options,
    allow_multiple: content.allowMultiple,
  };
}
