// The `room` region of the waiting room: the participation the person joins with (GET rooms/{id}), whose
// role staff may change on the server (PUT participants/{id}). Without a room id there is nothing to
// load and joining stays blocked. Between two sessions a guest waits here until the animator starts the
// next one (watched on the server); once the event is closed, nobody joins.
import { toFailure } from '../failure.ts';
import { present } from './waitingRoomContext.ts';
import { waitingRoomSetup } from './waitingRoomSetup.ts';

export const roomRegion = waitingRoomSetup.createStateConfig({
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasRoomId', target: 'loading' }, { target: 'unavailable' }] },
    loading: {
      invoke: {
        src: 'loadRoom',
        input: ({ context }) => ({ roomId: present(context.roomId, 'roomId') }),
        onDone: {
          target: 'loaded',
          actions: {
            type: 'keepParticipation',
            params: ({ event }) => ({ participation: event.output }),
          },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'keepRoomError',
            params: ({ event }) => ({ error: toFailure(event.error) }),
          },
        },
      },
    },
    loaded: {
      always: [
        { guard: 'eventClosed', target: 'eventClosed' },
        { guard: 'betweenSessions', target: 'betweenSessions' },
      ],
      on: { 'role.change': { guard: 'canChangeRole', target: 'savingRole', actions: 'askRole' } },
    },
    // The animator ended the session: the guest stays here, and can join as soon as the next starts.
    betweenSessions: {
      invoke: {
        src: 'watchSession',
        input: ({ context }) => ({ roomId: present(context.roomId, 'roomId') }),
      },
      on: { 'session.changed': { target: 'loaded', actions: 'keepSession' } },
    },
    // The event is closed: nobody goes in any more.
    eventClosed: {},
    savingRole: {
      invoke: {
        src: 'updateRole',
        input: ({ context }) => ({
          participationId: present(context.participation, 'participation').participationId,
          role: present(context.pendingRole, 'pendingRole'),
        }),
        onDone: {
          target: 'loaded',
          actions: { type: 'keepRole', params: ({ event }) => ({ role: event.output }) },
        },
        onError: {
          target: 'loaded',
          actions: {
            type: 'keepRoleError',
            params: ({ event }) => ({ error: toFailure(event.error) }),
          },
        },
      },
    },
    failed: {},
    // No room id: joining is blocked and, as the spec asks, nothing is said.
    unavailable: {},
  },
});
