// Knocking at rooms whose event keeps its guests in the lobby (issue 33, part 2): the client sends
// `knock`, again after every reconnect while still waiting (the server gives a knock up when its socket
// closes), and hands each room's `lobby` answers to its listeners: waiting, then admitted or refused. A
// refusal of the knock itself (another lab's room, no participation) arrives as an error naming the
// room, and ends the knock the same way.
import type { ClientMessage, LobbyStatus, ServerMessageOf } from '@lablive/protocol';
import { createListeners, type Unsubscribe } from './listeners.ts';

export type KnockAnswer = { status: LobbyStatus; code: string | null; message: string | null };

export type Knock = {
  readonly roomId: number;
  /** The last answer, or null before the first. */
  readonly answer: KnockAnswer | null;
  onAnswer(listener: (answer: KnockAnswer) => void): Unsubscribe;
  /** Stops listening; the knock itself ends when the client closes its socket. */
  stop(): void;
};

export type LobbyKnocks = {
  knock(roomId: number): Knock;
  /** Sends every knock still waiting (the socket was authenticated again). */
  resend(): void;
  receive(message: ServerMessageOf<'lobby'>): void;
  /** An error naming a room knocked at: true when it ended a knock. */
  refuse(roomId: number, code: string, message: string): boolean;
};

export function createLobbyKnocks(
  send: (message: ClientMessage) => boolean,
  onFailure: (cause: unknown) => void,
): LobbyKnocks {
  const knocks = new Map<number, { knock: Knock; settle(answer: KnockAnswer): void }>();

  function settle(roomId: number, answer: KnockAnswer) {
    const entry = knocks.get(roomId);
    if (!entry) return;
    if (answer.status !== 'waiting') knocks.delete(roomId);
    entry.settle(answer);
  }

  return {
    knock(roomId) {
      const existing = knocks.get(roomId);
      if (existing) return existing.knock;
      const listeners = createListeners<[KnockAnswer]>(onFailure);
      let last: KnockAnswer | null = null;
      const knock: Knock = {
        roomId,
        get answer() {
          return last;
        },
        onAnswer: (listener) => listeners.add(listener),
        stop() {
          listeners.clear();
          if (knocks.get(roomId)?.knock === knock) knocks.delete(roomId);
        },
      };
      knocks.set(roomId, {
        knock,
        settle(answer) {
          last = answer;
          listeners.emit(answer);
        },
      });
      send({ type: 'knock', roomId });
      return knock;
    },
    resend() {
      for (const roomId of knocks.keys()) send({ type: 'knock', roomId });
    },
    receive(message) {
      settle(message.roomId, {
        status: message.status,
        code: message.code ?? null,
        message: message.message ?? null,
      });
    },
    refuse(roomId, code, message) {
      if (!knocks.has(roomId)) return false;
      settle(roomId, { status: 'refused', code, message });
      return true;
    },
  };
}
