// How a connection answers its socket: any server message, a command's answer (ack or rejected, which
// the sender writes after the turn's events: socketSender.ts), and the protocol errors, each one
// counted by code in the gateway's statistics before it is sent.
import type { ServerMessage } from '@lablive/protocol';
import type { GatewayStats } from '../observability/gatewayStats.ts';
import type { SocketSender } from './socketSender.ts';

type CommandAnswer = Extract<ServerMessage, { type: 'ack' | 'rejected' }>;

export type SocketReplies = {
  send(message: ServerMessage): void;
  /** A command's outcome, written after the events the same turn sends the socket. */
  answer(message: CommandAnswer): void;
  refuse(code: string, message: string, ref?: string): void;
};

export function createSocketReplies(sender: SocketSender, stats: GatewayStats): SocketReplies {
  const send = (message: ServerMessage) => sender.send(JSON.stringify(message));
  return {
    send,
    answer: (message) => sender.answer(JSON.stringify(message)),
    refuse(code, message, ref) {
      stats.refuse(code);
      send({ type: 'error', code, message, ...(ref ? { ref } : {}) });
    },
  };
}
