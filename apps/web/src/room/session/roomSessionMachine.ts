// The live room's session (issue part 2): connecting (the room token, then the room socket's join),
// live ⇄ reconnecting as the realtime client loses and resumes its socket (it resumes by itself),
// then left (the person left) or ended (SessionEnded is in the room state), or failed. The IO is two
// named actors: `loadToken` (GET rooms/{id}/token) and `connection`, a callback actor that owns the
// realtime client for as long as the room is open (roomSessionActors.ts; tests provide their own).
import type { RoomHandle } from '@lablive/client';
import type { RoomTokenResponse } from '@lablive/domain';
import { assign, fromCallback, fromPromise, sendTo, setup, spawnChild, stopChild } from 'xstate';
import { type RoomFailure, tokenFailure } from './roomFailure.ts';

export type RoomSessionContext = {
  roomId: number;
  token: RoomTokenResponse | null;
  handle: RoomHandle | null;
  failure: RoomFailure | null;
};

/** What the connection actor reports to the machine. */
export type ConnectionReport =
  | { type: 'room.joined'; handle: RoomHandle }
  | { type: 'connection.lost' }
  | { type: 'connection.restored' }
  | { type: 'session.ended' }
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
    joinedAfterTheEnd: ({ event }) =>
      event.type === 'room.joined' && event.handle.state.session.status === 'ended',
  },
  actions: {
    keepHandle: assign((_, params: { handle: RoomHandle }) => ({ handle: params.handle })),
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
  context: ({ input }) => ({ roomId: input.roomId, token: null, handle: null, failure: null }),
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
                actions: { type: 'keepHandle', params: ({ event }) => ({ handle: event.handle }) },
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
        'session.ended': 'ended',
        'room.leave': 'leaving',
        'room.failed': failedTransition,
      },
    },
    reconnecting: {
      on: {
        'connection.restored': 'live',
        'session.ended': 'ended',
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
