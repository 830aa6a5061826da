// The room session with its IO swapped through machine.provide: a token that loads or fails, and a
// scripted connection standing in for the realtime client (joins, drops, resumes, the session's end,
// leaving). Delays run on a manual clock, so nothing waits for real time.
import { ApiError, type RoomHandle } from '@lablive/client';
import {
  AUTHENTICATION_KEY_FAILED,
  initialRoomState,
  type RoomState,
  type RoomTokenResponse,
} from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { manualClock } from '../testing/manualClock.ts';
import {
  type ConnectionCommand,
  type ConnectionReport,
  LEAVE_TIMEOUT_MS,
  roomSessionMachine,
} from './roomSessionMachine.ts';

const ROOM_ID = 7;

const token: RoomTokenResponse = {
  medias: [],
  polls: [],
  activeModules: ['chat'],
  labLogoUrl: null,
  session: { provider: 'mesh', sessionName: 'Demo', datetime: '2026-01-01T08:00:00.000Z', iceServers: [] },
  participation: { id: 12, role: 'participant' },
  roomName: 'Room 1',
  publicSlug: null,
};

function fakeHandle(state: RoomState): RoomHandle {
  return {
    roomId: ROOM_ID,
    connectionId: 'tab-1',
    state,
    version: state.version,
    participantId: 12,
    role: 'participant',
    send: () => Promise.resolve({ ok: true, version: state.version }),
    signal: () => true,
    report: () => true,
    onEvents: () => () => {},
    onState: () => () => {},
    onSignal: () => () => {},
    media: () => Promise.reject(new Error('No media server in this test')),
    onRejoin: () => () => {},
    leave: () => Promise.resolve({ ok: true, version: state.version }),
  };
}

const freshRoom = (): RoomState =>
  initialRoomState({ roomId: ROOM_ID, eventId: 3, labId: 1, activeModules: [], labModules: [] });

/** A connection the test drives: `report` sends what the client would, `commands` records the machine's. */
function scriptedConnection(options: { answersLeave?: boolean } = {}) {
  const script = {
    report: (_message: ConnectionReport) => {},
    commands: [] as ConnectionCommand[],
    opened: 0,
    closed: 0,
  };
  const logic = fromCallback<ConnectionCommand, { roomId: number }>(({ sendBack, receive }) => {
    script.opened += 1;
    script.report = (message) => sendBack(message);
    receive((command) => {
      script.commands.push(command);
      if (command.type === 'leave' && options.answersLeave !== false) sendBack({ type: 'room.left' });
    });
    return () => {
      script.closed += 1;
    };
  });
  return { script, logic };
}

function start(options: { loadToken?: () => Promise<RoomTokenResponse>; answersLeave?: boolean } = {}) {
  const connection = scriptedConnection({ answersLeave: options.answersLeave });
  const { clock, advance } = manualClock();
  const logic = roomSessionMachine.provide({
    actors: {
      loadToken: fromPromise(options.loadToken ?? (() => Promise.resolve(token))),
      connection: connection.logic,
    },
  });
  const actor = createActor(logic, { input: { roomId: ROOM_ID }, clock }).start();
  return { actor, script: connection.script, advance };
}

async function joined(options: Parameters<typeof start>[0] = {}) {
  const started = start(options);
  await waitFor(started.actor, (s) => s.matches({ connecting: 'joining' }));
  started.script.report({ type: 'room.joined', handle: fakeHandle(freshRoom()) });
  return started;
}

describe('room session machine', () => {
  it('connects: loads the room token, opens the socket, and is live once the room is joined', async () => {
    const { actor, script } = start();
    expect(actor.getSnapshot().matches({ connecting: 'loadingToken' })).toBe(true);

    await waitFor(actor, (s) => s.matches({ connecting: 'joining' }));
    expect(script.opened).toBe(1);
    script.report({ type: 'room.joined', handle: fakeHandle(freshRoom()) });

    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('live')).toBe(true);
    expect(snapshot.context.token).toEqual(token);
    expect(snapshot.context.handle?.participantId).toBe(12);
  });

  it('shows the reconnection while the client resumes, then is live again', async () => {
    const { actor, script } = await joined();

    script.report({ type: 'connection.lost' });
    expect(actor.getSnapshot().matches('reconnecting')).toBe(true);
    script.report({ type: 'connection.restored' });

    expect(actor.getSnapshot().matches('live')).toBe(true);
    expect(script.closed).toBe(0);
  });

  it('ends when SessionEnded arrives, even during a reconnection, and leaves the room', async () => {
    const { actor, script } = await joined();

    script.report({ type: 'connection.lost' });
    script.report({ type: 'session.ended', closed: false });

    expect(actor.getSnapshot().matches('ended')).toBe(true);
    expect(actor.getSnapshot().context.endedBecause).toBe('session');
    expect(script.commands).toEqual([{ type: 'leave' }]);
    expect(script.closed).toBe(1);
  });

  it('keeps an animator in the room between sessions (they start the next), not once the event closes', async () => {
    const animatorToken = () =>
      Promise.resolve({ ...token, participation: { id: 12, role: 'animator' as const } });
    const { actor, script } = await joined({ loadToken: animatorToken });

    script.report({ type: 'session.ended', closed: false });
    expect(actor.getSnapshot().matches('live')).toBe(true);
    expect(script.commands).toEqual([]);

    script.report({ type: 'session.ended', closed: true });
    expect(actor.getSnapshot().matches('ended')).toBe(true);
    expect(actor.getSnapshot().context.endedBecause).toBe('event');
  });

  it('lets an animator into a room between sessions', async () => {
    const animatorToken = () =>
      Promise.resolve({ ...token, participation: { id: 12, role: 'animator' as const } });
    const { actor, script } = start({ loadToken: animatorToken });
    await waitFor(actor, (s) => s.matches({ connecting: 'joining' }));
    const between: RoomState = {
      ...freshRoom(),
      session: {
        status: 'ended',
        number: 1,
        startedAt: null,
        endedAt: '2026-01-01T10:00:00.000Z',
        closed: false,
      },
    };
    script.report({ type: 'room.joined', handle: fakeHandle(between) });
    expect(actor.getSnapshot().matches('live')).toBe(true);
  });

  it('goes straight to the end screen when the joined room has ended already', async () => {
    const { actor, script } = start();
    await waitFor(actor, (s) => s.matches({ connecting: 'joining' }));
    const over: RoomState = {
      ...freshRoom(),
      session: {
        status: 'ended',
        number: 1,
        startedAt: null,
        endedAt: '2026-01-01T10:00:00.000Z',
        closed: false,
      },
    };

    script.report({ type: 'room.joined', handle: fakeHandle(over) });

    expect(actor.getSnapshot().matches('ended')).toBe(true);
  });

  it('leaves on request: the connection leaves, then closes', async () => {
    const { actor, script } = await joined();

    actor.send({ type: 'room.leave' });

    expect(actor.getSnapshot().matches('left')).toBe(true);
    expect(actor.getSnapshot().status).toBe('done');
    expect(script.closed).toBe(1);
  });

  it('does not wait more than the leave timeout for the server to answer', async () => {
    const { actor, advance } = await joined({ answersLeave: false });

    actor.send({ type: 'room.leave' });
    advance(LEAVE_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().matches('leaving')).toBe(true);
    advance(1);

    expect(actor.getSnapshot().matches('left')).toBe(true);
  });

  it('sends away a person without participation (403 on the room token), without opening the socket', async () => {
    const forbidden = new ApiError({
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
      detail: 'You are not admitted to this room.',
      code: 'forbidden',
    });
    const { actor, script } = start({ loadToken: () => Promise.reject(forbidden) });

    const snapshot = await waitFor(actor, (s) => s.matches('failed'));

    expect(snapshot.context.failure).toEqual({ kind: 'notAdmitted' });
    expect(script.opened).toBe(0);
  });

  it('keeps the authentication-key failure of the video provider', async () => {
    const unavailable = new ApiError({
      type: 'about:blank',
      title: 'Service Unavailable',
      status: 503,
      detail: AUTHENTICATION_KEY_FAILED,
      code: 'service_unavailable',
    });
    const { actor } = start({ loadToken: () => Promise.reject(unavailable) });

    const snapshot = await waitFor(actor, (s) => s.matches('failed'));

    expect(snapshot.context.failure).toEqual({ kind: 'authenticationKey' });
  });

  it('fails with what the connection reports and closes it', async () => {
    const { actor, script } = await joined();

    script.report({ type: 'room.failed', failure: { kind: 'signedOut' } });

    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'signedOut' });
    expect(script.closed).toBe(1);
  });
});
