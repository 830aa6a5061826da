// The live room's session (issue part 2): connecting (the room token, then the room socket's join),
// live ⇄ reconnecting as the realtime client loses and resumes its socket (it resumes by itself),
// then left (the person left) or ended (SessionEnded is in the room state), or failed. The IO is two
// named actors: `loadToken` (GET rooms/{id}/token) and `connection`, a callback actor that owns the
// realtime client for as long as the room is open (roomSessionActors.ts; tests provide their own).
import type { RoomHandle } from '@lablive/client';
import { isAnimator, type RoomTokenResponse } from '@lablive/domain';
import { assign, fromCallback, fromPromise, sendTo, setup, spawnChild, stopChild } from 'xstate';
import { type RoomFailure, tokenFailure } from './roomFailure.ts';

export type RoomSessionContext = {
  roomId: number;
  token: RoomTokenResponse | null;
  handle: RoomHandle | null;
  failure: RoomFailure | null;
  /** Why the room ended for this person: its event closed, or its session ended. */
  endedBecause: 'session' | 'event' | null;
};

/** What the connection actor reports to the machine. */
export type ConnectionReport =
  | { type: 'room.joined'; handle: RoomHandle }
  | { type: 'connection.lost' }
  | { type: 'connection.restored' }
  /** The session ended; `closed` when its event was closed (no session starts again). */
  | { type: 'session.ended'; closed: boolean }
  | { type: 'room.failed'; failure: RoomFailure }
  | { type: 'room.left' };

export type RoomSessionEvent = ConnectionReport | { type: 'room.leave' };

/** What the machine tells the connection actor. */
export type ConnectionCommand = { type: 'leave' };

export type RoomSessionInput = { roomId: number };

/** Past this, leaving does not wait for the server's answer any longer (the socket closes anyway). */
export const LEAVE_TIMEOUT_MS = 3000;

const CONNECTION_ID = 'connection';

/** A refusal or the end of the client, while the connection is open (never once the person left). */
const failedTransition = { target: '#roomSession.failed', actions: 'keepReportedFailure' } as const;

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`roomSessionMachine: provide the ${name} actor`));

/** Whether this person runs the room (animator or observer-animator): they may start its next session. */
function isAnimatorHere(context: RoomSessionContext): boolean {
  const role = context.token?.participation.role;
  return role !== undefined && isAnimator(role);
}

export const roomSessionMachine = setup({
  types: {
    context: {} as RoomSessionContext,
    events: {} as RoomSessionEvent,
    input: {} as RoomSessionInput,
  },
  actors: {
    loadToken: fromPromise<RoomTokenResponse, { roomId: number }>(notProvided('loadToken')),
    connection: fromCallback<ConnectionCommand, { roomId: number }>(() => {
      throw new Error('roomSessionMachine: provide the connection actor');
    }),
  },
  delays: { leaveTimeout: LEAVE_TIMEOUT_MS },
  guards: {
    // An animator stays between two sessions (they start the next one); everyone leaves a closed event.
    joinedAfterTheEnd: ({ context, event }) => {
      if (event.type !== 'room.joined') return false;
      const { session } = event.handle.state;
      return session.status === 'ended' && (session.closed || !isAnimatorHere(context));
    },
    endsForMe: ({ context, event }) =>
      event.type === 'session.ended' && (event.closed || !isAnimatorHere(context)),
  },
  actions: {
    keepHandle: assign((_, params: { handle: RoomHandle }) => ({ handle: params.handle })),
    keepEndReason: assign({
      endedBecause: ({ event, context }) => {
        if (event.type === 'session.ended') return event.closed ? 'event' : 'session';
        if (event.type === 'room.joined') {
          const { session } = event.handle.state;
          return session.status === 'ended' && session.closed ? 'event' : 'session';
        }
        return context.endedBecause;
      },
    }),
    keepFailure: assign((_, params: { failure: RoomFailure }) => ({ failure: params.failure })),
    keepReportedFailure: assign({
      failure: ({ context, event }) => (event.type === 'room.failed' ? event.failure : context.failure),
    }),
    openConnection: spawnChild('connection', {
      id: CONNECTION_ID,
      input: ({ context }) => ({ roomId: context.roomId }),
    }),
    leave: sendTo(CONNECTION_ID, { type: 'leave' } satisfies ConnectionCommand),
    closeConnection: stopChild(CONNECTION_ID),
  },
}).createMachine({
  id: 'roomSession',
  context: ({ input }) => ({
    roomId: input.roomId,
    token: null,
    handle: null,
    failure: null,
    endedBecause: null,
  }),
  initial: 'connecting',
  states: {
    connecting: {
      initial: 'loadingToken',
      states: {
        loadingToken: {
          invoke: {
            src: 'loadToken',
            input: ({ context }) => ({ roomId: context.roomId }),
            onDone: { target: 'joining', actions: assign({ token: ({ event }) => event.output }) },
            onError: {
              target: '#roomSession.failed',
              actions: {
                type: 'keepFailure',
                params: ({ event }) => ({ failure: tokenFailure(event.error) }),
              },
            },
          },
        },
        joining: {
          entry: 'openConnection',
          on: {
            'room.failed': failedTransition,
            'room.joined': [
              {
                guard: 'joinedAfterTheEnd',
                target: '#roomSession.ended',
                actions: [
                  { type: 'keepHandle', params: ({ event }) => ({ handle: event.handle }) },
                  'keepEndReason',
                ],
              },
              {
                target: '#roomSession.live',
                actions: { type: 'keepHandle', params: ({ event }) => ({ handle: event.handle }) },
              },
            ],
          },
        },
      },
    },
    live: {
      on: {
        'connection.lost': 'reconnecting',
        'session.ended': { guard: 'endsForMe', target: 'ended', actions: 'keepEndReason' },
        'room.leave': 'leaving',
        'room.failed': failedTransition,
      },
    },
    reconnecting: {
      on: {
        'connection.restored': 'live',
        'session.ended': { guard: 'endsForMe', target: 'ended', actions: 'keepEndReason' },
        'room.leave': 'leaving',
        'room.failed': failedTransition,
      },
    },
    leaving: {
      entry: 'leave',
      on: { 'room.left': 'left' },
      after: { leaveTimeout: 'left' },
    },
    left: { type: 'final', entry: 'closeConnection' },
    // The session is over for everyone: this person leaves the room; the connection closes itself after.
    ended: { entry: 'leave', on: { 'room.left': { actions: 'closeConnection' } } },
    failed: { entry: 'closeConnection' },
  },
});

export type RoomSessionStatus =
  | 'connecting'
  | 'live'
  | 'reconnecting'
  | 'leaving'
  | 'left'
  | 'ended'
  | 'failed';
