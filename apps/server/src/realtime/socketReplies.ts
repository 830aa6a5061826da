// How a connection answers its socket: any server message, and the protocol errors, each one counted
// by code in the gateway's statistics before it is sent.
import type { ServerMessage } from '@lablive/protocol';
import type { GatewayStats } from '../observability/gatewayStats.ts';
import type { SocketSender } from './socketSender.ts';

export type SocketReplies = {
  send(message: ServerMessage): void;
  refuse(code: string, message: string, ref?: string): void;
};

export function createSocketReplies(sender: SocketSender, stats: GatewayStats): SocketReplies {
  const send = (message: ServerMessage) => sender.send(JSON.stringify(message));
  return {
    send,
    refuse(code, message, ref) {
      stats.refuse(code);
      send({ type: 'error', code, message, ...(ref ? { ref } : {}) });
    },
  };
}
