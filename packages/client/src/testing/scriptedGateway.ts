// Test support, not a test: a tiny WebSocket gateway (the `ws` package) that speaks the room protocol
// as the real one does, over one room decided with the domain's own decide/evolve and delivered with
// its visibility rules. Tests script its failures: drops, lost acks, resume overlaps, refused tokens.
import { once } from 'node:events';
import {
  decide,
  eventFor,
  evolve,
  initialRoomState,
  isAnimator,
  LAB_MODULES,
  ROOM_MODULES,
  type RoomActor,
  type RoomCommand,
  type RoomState,
  stateFor,
} from '@lablive/domain';
import {
  CLOSE_CODES,
  type ClientMessage,
  clientMessageSchema,
  type DeliveredEvent,
  INCOMPATIBILITY_REASONS,
  MEDIA_ERRORS,
  type MediaRequest,
  PROTOCOL_ERRORS,
  PROTOCOL_VERSION,
  type ServerMessage,
} from '@lablive/protocol';
import { type WebSocket, WebSocketServer } from 'ws';

export const ROOM_ID = 7;
export const AT = '2024-05-14T09:30:00.000Z';

export function actor(participantId: number, role: RoomActor['role'], name: string): RoomActor {
  return { participantId, userId: participantId * 10, role, name, email: `${name.toLowerCase()}@lab.test` };
}

export const ada = actor(1, 'animator', 'Ada');
export const paul = actor(2, 'participant', 'Paul');

/** What the gateway answers a media request: a result, a refusal, or nothing (held, never answered). */
export type ScriptedMediaReply = { result: unknown } | { error: { code: string; message: string } } | null;

type Outcome = Extract<ServerMessage, { type: 'ack' | 'rejected' }>;
type ClientMessageOf<T extends ClientMessage['type']> = Extract<ClientMessage, { type: T }>;

type Peer = {
  socket: WebSocket;
  /** Order of arrival, from 0: tests tell the first socket from its replacement. */
  index: number;
  actor: RoomActor | null;
  inRoom: boolean;
  /** Black-holed: what it sends is recorded and ignored, nothing is sent to it, and it stays open. */
  holed: boolean;
};

export class ScriptedGateway {
  private readonly server = new WebSocketServer({ port: 0, host: '127.0.0.1', path: '/ws' });
  private readonly peers = new Set<Peer>();
  private connections = 0;
  private readonly outcomes = new Map<string, Outcome>();
  private readonly log: DeliveredEvent[] = [];
  state: RoomState = initialRoomState({
    roomId: ROOM_ID,
    eventId: 3,
    labId: 1,
    activeModules: ROOM_MODULES,
    labModules: LAB_MODULES,
  });

  /** Every parsed client message, with the index of the socket it came on. */
  readonly received: { socket: number; message: ClientMessage }[] = [];
  /** Access tokens the gateway accepts, and who they belong to. */
  readonly tokens = new Map<string, RoomActor>();
  protocolVersion = PROTOCOL_VERSION;
  /** On a resume, also send this many events the client already has (the overlap of a real resume). */
  resumeOverlap = 0;
  /** Appends the next command that matches, then drops the socket before its ack or events go out. */
  loseAckOf: ((command: RoomCommand) => boolean) | null = null;
  /** Commands are recorded and never answered. */
  holdCommands = false;
  /** The next this many commands are answered `room_unavailable` undecided, as while a room moves host. */
  unavailableCommands = 0;
  /** false: pings go unanswered, as over a network that died without closing the socket. */
  answerPings = true;
  /** Every message is handled this many ms after it arrived, in order: a server that lags. */
  lagMs = 0;
  /** How media requests are answered; by default the room has no media server. */
  mediaReply: (request: MediaRequest, who: RoomActor) => ScriptedMediaReply = () => ({
    error: { code: MEDIA_ERRORS.notAvailable, message: 'This room does not use the media server.' },
  });

  get url(): string {
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('The gateway is not listening');
    return `ws://127.0.0.1:${address.port}/ws`;
  }

  get connectionCount(): number {
    return this.connections;
  }

  async start(): Promise<void> {
    await once(this.server, 'listening');
    this.server.on('connection', (socket) => this.accept(socket));
  }

  async stop(): Promise<void> {
    for (const peer of this.peers) peer.socket.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  messages<T extends ClientMessage['type']>(type: T): ClientMessageOf<T>[] {
    return this.received
      .map((entry) => entry.message)
      .filter((message): message is ClientMessageOf<T> => message.type === type);
  }

  /** Drops every socket: with a close code, or abruptly (no close frame) when none is given. */
  drop(code?: number): void {
    for (const peer of this.peers) {
      if (code === undefined) peer.socket.terminate();
      else peer.socket.close(code);
    }
  }

  /**
   * The sockets open now die silently, as behind a partition or a phone changing network: they stay
   * open, nothing passes either way. Sockets opened later work.
   */
  blackHole(): void {
    for (const peer of this.peers) peer.holed = true;
  }

  /** Sends a raw text frame to every socket, bypassing the protocol. */
  sendRaw(text: string): void {
    for (const peer of this.peers) peer.socket.send(text);
  }

  /** Someone without a socket here acts in the room (another instance's client, say). */
  act(who: RoomActor, command: RoomCommand): Outcome {
    return this.decideAndDeliver(who, command, 'outside', null);
  }

  eventsOfType(type: string): DeliveredEvent[] {
    return this.log.filter((delivered) => delivered.event.type === type);
  }

  private accept(socket: WebSocket): void {
    const peer: Peer = { socket, index: this.connections, actor: null, inRoom: false, holed: false };
    this.connections += 1;
    this.peers.add(peer);
    socket.on('close', () => this.peers.delete(peer));
    socket.on('message', (data) => {
      // The client under test only sends JSON; a parse failure here is the test's to see.
      const parsed = clientMessageSchema.parse(JSON.parse(String(data)));
      this.received.push({ socket: peer.index, message: parsed });
      if (peer.holed) return;
      if (this.lagMs > 0) setTimeout(() => this.handle(peer, parsed), this.lagMs);
      else this.handle(peer, parsed);
    });
  }

  private send(peer: Peer, message: ServerMessage | ServerMessage[]): void {
    if (peer.holed) return;
    peer.socket.send(JSON.stringify(message));
  }

  private handle(peer: Peer, message: ClientMessage): void {
    switch (message.type) {
      case 'hello':
        this.hello(peer, message);
        break;
      case 'join':
        if (peer.actor !== null) this.join(peer, peer.actor, message);
        break;
      case 'command':
        if (peer.actor === null || this.holdCommands) break;
        if (this.unavailableCommands > 0) {
          this.unavailableCommands -= 1;
          this.send(peer, {
            type: 'rejected',
            commandId: message.commandId,
            code: PROTOCOL_ERRORS.roomUnavailable,
            message: 'The room is not available right now; retry.',
          });
          break;
        }
        this.command(peer, peer.actor, message);
        break;
      case 'signal':
        if (peer.actor !== null) this.relay(peer, peer.actor, message);
        break;
      case 'media': {
        if (peer.actor === null) break;
        if (!peer.inRoom) {
          const code = PROTOCOL_ERRORS.notJoined;
          this.send(peer, { type: 'error', code, message: 'Join the room first.', ref: message.requestId });
          break;
        }
        const reply = this.mediaReply(message.request, peer.actor);
        if (reply !== null) this.send(peer, { type: 'media-reply', requestId: message.requestId, ...reply });
        break;
      }
      case 'ping':
        if (this.answerPings) this.send(peer, { type: 'pong', at: message.at, serverTime: Date.now() });
        break;
    }
  }

  private hello(peer: Peer, message: ClientMessageOf<'hello'>): void {
    if (message.protocolVersion !== this.protocolVersion) {
      const reason = INCOMPATIBILITY_REASONS.clientTooOld;
      this.send(peer, { type: 'incompatible', reason, serverVersion: this.protocolVersion });
      peer.socket.close(CLOSE_CODES.incompatible);
      return;
    }
    const who = this.tokens.get(message.token);
    if (who === undefined) {
      this.send(peer, { type: 'error', code: PROTOCOL_ERRORS.invalidToken, message: 'Invalid token.' });
      peer.socket.close(CLOSE_CODES.unauthorized);
      return;
    }
    peer.actor = who;
    const participant = { kind: 'user' as const, id: who.userId ?? 0 };
    this.send(peer, { type: 'authenticated', protocolVersion: this.protocolVersion, participant });
  }

  private join(peer: Peer, who: RoomActor, message: ClientMessageOf<'join'>): void {
    if (message.roomId !== ROOM_ID) {
      const code = PROTOCOL_ERRORS.roomNotFound;
      this.send(peer, { type: 'error', code, message: 'No such room', ref: String(message.roomId) });
      return;
    }
    // The gateway records the connection in the room; a known connection is a resume, not a new viewer.
    const command: RoomCommand = { type: 'JoinRoom', data: { connectionId: message.connectionId } };
    this.decideAndDeliver(who, command, `join-${peer.index}`, peer);
    peer.inRoom = true;
    const recipient = this.recipient(who);
    const { participantId } = recipient;
    const { role } = who;
    if (message.lastVersion === undefined || message.lastVersion === null) {
      const state = stateFor(this.state, recipient);
      const version = this.state.version;
      this.send(peer, { type: 'welcome', roomId: ROOM_ID, version, participantId, role, state });
      return;
    }
    const from = Math.max(0, message.lastVersion - this.resumeOverlap);
    const missed = this.visibleTo(who, this.log.slice(from));
    // One frame for both, as the gateway coalesces what it sends in one turn.
    this.send(peer, [
      { type: 'resumed', roomId: ROOM_ID, fromVersion: message.lastVersion, participantId, role },
      { type: 'events', roomId: ROOM_ID, events: missed },
    ]);
  }

  private command(peer: Peer, who: RoomActor, message: ClientMessageOf<'command'>): void {
    // A retried command is answered with its first outcome and appends nothing.
    const known = this.outcomes.get(message.commandId);
    if (known !== undefined) {
      this.send(peer, known);
      return;
    }
    if (this.loseAckOf?.(message.command)) {
      this.loseAckOf = null;
      this.decideAndDeliver(who, message.command, message.commandId, peer);
      peer.socket.terminate();
      return;
    }
    this.send(peer, this.decideAndDeliver(who, message.command, message.commandId, null));
  }

  private relay(peer: Peer, who: RoomActor, message: ClientMessageOf<'signal'>): void {
    const { roomId, to, kind, payload } = message;
    for (const other of this.peers) {
      if (other === peer || !other.inRoom || other.actor === null) continue;
      if (to !== null && other.actor.participantId !== to) continue;
      this.send(other, { type: 'signal', roomId, from: who.participantId, kind, payload });
    }
  }

  /** Decides, appends and delivers to the sockets in the room, except `silent` (its ack is lost). */
  private decideAndDeliver(
    who: RoomActor,
    command: RoomCommand,
    commandId: string,
    silent: Peer | null,
  ): Outcome {
    const decision = decide(this.state, command, {
      actor: who,
      now: AT,
      newId: () => `id-${this.log.length}`,
    });
    if (!decision.ok) {
      const outcome: Outcome = { type: 'rejected', commandId, ...decision.rejection };
      this.outcomes.set(commandId, outcome);
      return outcome;
    }
    const appended = decision.events.map((event) => {
      this.state = evolve(this.state, event);
      const delivered: DeliveredEvent = { version: this.state.version, occurredAt: AT, event };
      this.log.push(delivered);
      return delivered;
    });
    for (const peer of this.peers) {
      if (peer === silent || !peer.inRoom || peer.actor === null) continue;
      const events = this.visibleTo(peer.actor, appended);
      if (events.length > 0) this.send(peer, { type: 'events', roomId: ROOM_ID, events });
    }
    const outcome: Outcome = { type: 'ack', commandId, version: this.state.version };
    this.outcomes.set(commandId, outcome);
    return outcome;
  }

  private recipient(who: RoomActor) {
    return { participantId: who.participantId, isAnimator: isAnimator(who.role) };
  }

  private visibleTo(who: RoomActor, events: readonly DeliveredEvent[]): DeliveredEvent[] {
    return events.flatMap((delivered) => {
      const event = eventFor(delivered.event, this.recipient(who));
      return event === null ? [] : [{ ...delivered, event }];
    });
  }

  /** The room as `who` may see it, as a client that folded everything correctly holds it. */
  viewOf(who: RoomActor): RoomState {
    return stateFor(this.state, this.recipient(who));
  }
}
