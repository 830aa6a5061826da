// One followed room: its state (the server's view for this participant, then every delivered event
// folded with the domain's evolve), the highest stream version seen, and the commands awaiting an
// outcome. Commands go on the wire only once the room is joined on the current socket; after a
// reconnect the ones still unanswered are sent again with the same commandId. A command answered
// `room_unavailable` (its room's host is moving to another instance) is sent again, with the same
// commandId, after a growing delay, a bounded number of times; the server appends it once. Media
// requests (provider `janus`) are never sent again: one made offline or unanswered when the socket
// drops is rejected, and the application hears of every rejoin to negotiate its media afresh.
import { type ClientRoomCommandInput, evolve, type RoomState, type SessionEvent } from '@lablive/domain';
import {
  type ClientMessage,
  type DeliveredEvent,
  type MediaAction,
  type MediaResults,
  PROTOCOL_LIMITS,
  type ReportKind,
  type ServerMessageOf,
  type SignalKind,
} from '@lablive/protocol';
import type { CommandRetryDelay } from './commandRetries.ts';
import { REALTIME_ERROR_CODES, RealtimeError, type RealtimeIssue } from './errors.ts';
import { createListeners, type Listeners, type Unsubscribe } from './listeners.ts';
import type { MediaReply, MediaRequestOf } from './mediaRequests.ts';
import type { CommandResult } from './pendingCommands.ts';
import { createRoomRequests, type SendOptions } from './roomRequests.ts';

export type { CommandResult } from './pendingCommands.ts';
export type { SendOptions } from './roomRequests.ts';

export type RoomSignal = { from: number; kind: SignalKind; payload: unknown };

export type RoomHandle = {
  readonly roomId: number;
  /** This tab's connection to the room, kept across reconnects (the server sees a reconnection). */
  readonly connectionId: string;
  /** The room as this participant may see it; `state.version` is the highest stream version seen. */
  readonly state: RoomState;
  readonly version: number;
  readonly participantId: number;
  readonly role: string;
  /** Resolves with the server's ack or rejection, once, however many reconnects it takes. */
  send(command: ClientRoomCommandInput, options?: SendOptions): Promise<CommandResult>;
  /** An ephemeral signal to one participant (or everyone: null); false when offline (it is not queued). */
  signal(to: number | null, kind: SignalKind, payload: unknown): boolean;
  /** Tells the server's log about a problem met here (video, connection); false when offline. */
  report(kind: ReportKind, message: string): boolean;
  /**
   * A request to the server's media forwarding (provider `janus`), resolved with its result. Rejects
   * with a RealtimeError: `media_refused` with the server's code in `serverCode`, or `disconnected`
   * when offline or when the socket dropped before the answer (it is not sent again: renegotiate).
   */
  media<A extends MediaAction>(request: MediaRequestOf<A>): Promise<MediaResults[A]>;
  /** The room was joined again on a new socket after a drop (the media server may have lost us). */
  onRejoin(listener: () => void): Unsubscribe;
  /** The events newly folded from one frame, and the state after them. Duplicates never reach it. */
  onEvents(listener: (events: readonly DeliveredEvent[], state: RoomState) => void): Unsubscribe;
  /** Every new state: after a welcome and after each frame of new events. */
  onState(listener: (state: RoomState) => void): Unsubscribe;
  onSignal(listener: (signal: RoomSignal) => void): Unsubscribe;
  /** Sends LeaveRoom for this connection, then stops following the room whatever the answer. */
  leave(): Promise<CommandResult>;
};

/** What the realtime client needs from a followed room, besides the handle it gives the application. */
export type RoomSession = {
  readonly roomId: number;
  /** Resolves once, on the first welcome. */
  readonly joined: Promise<RoomHandle>;
  /** Joined on the current socket: welcome or resumed received since the last drop. */
  readonly ready: boolean;
  joinMessage(): ClientMessage;
  connectionLost(): void;
  receive(message: ServerMessageOf<'welcome' | 'resumed' | 'events' | 'signal'>): void;
  /** Settles the command if it is this room's; false otherwise. */
  settle(commandId: string, result: CommandResult): boolean;
  /** Settles the media request if it is this room's; false otherwise. */
  settleMedia(requestId: string, reply: MediaReply): boolean;
  /** The server refused the join: the first join rejects, a rejoin reports the room lost. */
  refuse(code: string, message: string): void;
  /** Rejects whatever still waits: the client closed, or the room is no longer followed. */
  end(error: RealtimeError): void;
};

export type RoomSessionOptions = {
  roomId: number;
  connectionId: string;
  createId: () => string;
  /** Sends on the current socket; false when there is none. */
  send: (message: ClientMessage) => boolean;
  issue: (issue: RealtimeIssue) => void;
  /** The room stopped being followed (left, refused or ended): the client forgets it. */
  forget: () => void;
  /** Whether and when a command is sent again after a retryable answer (commandRetries.ts). */
  retryDelay: CommandRetryDelay;
};

type View = { state: RoomState; participantId: number; role: string };

/** Folds one delivered event; the version is the stream's (it skips events not meant for us). */
function fold(state: RoomState, delivered: { version: number; event: SessionEvent }): RoomState {
  return { ...evolve(state, delivered.event), version: delivered.version };
}

/** The events past the state's version, folded: a resume may overlap what was live. */
function foldNew(state: RoomState, events: readonly DeliveredEvent[]) {
  const fresh: DeliveredEvent[] = [];
  let folded = state;
  for (const delivered of events) {
    // At or below what we have: a duplicate, e.g. the overlap of a resume with what was live.
    if (delivered.version <= folded.version) continue;
    folded = fold(folded, delivered);
    fresh.push(delivered);
  }
  return { state: folded, fresh };
}

/** The application's listeners on a followed room (RoomHandle's onEvents, onState, onSignal, onRejoin). */
type RoomListeners = {
  events: Listeners<[readonly DeliveredEvent[], RoomState]>;
  state: Listeners<[RoomState]>;
  signal: Listeners<[RoomSignal]>;
  rejoin: Listeners<[]>;
};

function createRoomListeners(failure: (cause: unknown) => void): RoomListeners {
  return {
    events: createListeners(failure),
    state: createListeners(failure),
    signal: createListeners(failure),
    rejoin: createListeners(failure),
  };
}

function clearListeners(listeners: RoomListeners): void {
  listeners.events.clear();
  listeners.state.clear();
  listeners.signal.clear();
  listeners.rejoin.clear();
}

export function createRoomSession(options: RoomSessionOptions): RoomSession {
  const { roomId, connectionId } = options;
  let view: View | null = null;
  let ready = false;
  let following = true;
  const requests = createRoomRequests({
    roomId,
    createId: options.createId,
    send: options.send,
    ready: () => ready,
    following: () => following,
    retryDelay: options.retryDelay,
  });
  const failure = (cause: unknown) => options.issue({ type: 'listener_failed', cause });
  const listeners = createRoomListeners(failure);

  let resolveJoined: (handle: RoomHandle) => void = () => {};
  let rejectJoined: (error: RealtimeError) => void = () => {};
  const joined = new Promise<RoomHandle>((resolve, reject) => {
    resolveJoined = resolve;
    rejectJoined = reject;
  });

  function current(): View {
    // The handle is only handed out after the welcome, so a view always exists when it is read.
    if (view === null) throw new Error(`Room ${roomId} has not been joined yet`);
    return view;
  }

  function becomeReady(): void {
    ready = true;
    requests.resendCommands();
  }

  function stopFollowing(error: RealtimeError): void {
    if (!following) return;
    following = false;
    ready = false;
    requests.rejectAll(error);
    rejectJoined(error);
    clearListeners(listeners);
    options.forget();
  }

  function receiveEvents(events: readonly DeliveredEvent[]): void {
    if (view === null) return;
    const { state, fresh } = foldNew(view.state, events);
    if (fresh.length === 0) return;
    view = { ...view, state };
    listeners.events.emit(fresh, state);
    listeners.state.emit(state);
  }

  const handle = handleOf(options, {
    view: current,
    ready: () => ready,
    send: requests.send,
    media: requests.media,
    listeners,
    stopFollowing,
  });

  return {
    roomId,
    joined,
    get ready() {
      return ready;
    },
    joinMessage() {
      const lastVersion = view?.state.version;
      return lastVersion === undefined
        ? { type: 'join', roomId, connectionId }
        : { type: 'join', roomId, connectionId, lastVersion };
    },
    connectionLost() {
      ready = false;
      requests.rejectMedia(
        new RealtimeError(REALTIME_ERROR_CODES.disconnected, `The connection to room ${roomId} was lost`),
      );
    },
    receive(message) {
      if (!following) return;
      switch (message.type) {
        case 'welcome': {
          // The server's view, already filtered for us; it may also answer a resume (snapshot + tail).
          const { participantId, role } = message;
          const rejoined = view !== null;
          view = { state: { ...message.state, version: message.version }, participantId, role };
          becomeReady();
          resolveJoined(handle);
          listeners.state.emit(view.state);
          if (rejoined) listeners.rejoin.emit();
          return;
        }
        case 'resumed':
          if (view === null) return;
          view = { ...view, participantId: message.participantId, role: message.role };
          becomeReady();
          listeners.rejoin.emit();
          return;
        case 'events':
          receiveEvents(message.events);
          return;
        case 'signal':
          listeners.signal.emit({ from: message.from, kind: message.kind, payload: message.payload });
          return;
        default: {
          const unhandled: never = message;
          throw new Error(`Unhandled room message ${JSON.stringify(unhandled)}`);
        }
      }
    },
    settle: requests.settle,
    settleMedia: requests.settleMedia,
    refuse(code, message) {
      if (view !== null) options.issue({ type: 'room_lost', roomId, code, message });
      stopFollowing(new RealtimeError(REALTIME_ERROR_CODES.joinRefused, message, { serverCode: code }));
    },
    end: stopFollowing,
  };
}

type HandleParts = {
  view: () => View;
  ready: () => boolean;
  send: RoomHandle['send'];
  media: RoomHandle['media'];
  listeners: RoomListeners;
  stopFollowing: (error: RealtimeError) => void;
};

/** What the application holds of a followed room: reads of the view, sends, listeners, leave. */
function handleOf(options: RoomSessionOptions, parts: HandleParts): RoomHandle {
  const { roomId, connectionId } = options;
  return {
    roomId,
    connectionId,
    get state() {
      return parts.view().state;
    },
    get version() {
      return parts.view().state.version;
    },
    get participantId() {
      return parts.view().participantId;
    },
    get role() {
      return parts.view().role;
    },
    send: parts.send,
    signal(to, kind, payload) {
      if (!parts.ready()) return false;
      return options.send({ type: 'signal', roomId, to, kind, payload });
    },
    report(kind, message) {
      if (!parts.ready()) return false;
      return options.send({
        type: 'report',
        roomId,
        kind,
        message: message.slice(0, PROTOCOL_LIMITS.reportMessage),
      });
    },
    media: parts.media,
    onRejoin: (listener) => parts.listeners.rejoin.add(listener),
    onEvents: (listener) => parts.listeners.events.add(listener),
    onState: (listener) => parts.listeners.state.add(listener),
    onSignal: (listener) => parts.listeners.signal.add(listener),
    async leave() {
      try {
        return await parts.send({ type: 'LeaveRoom', data: { connectionId, reason: 'left' } });
      } finally {
        parts.stopFollowing(new RealtimeError(REALTIME_ERROR_CODES.left, `Left room ${roomId}`));
      }
    },
  };
}
