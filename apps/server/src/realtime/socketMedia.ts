// A socket's media requests (provider `janus`): only in a room it joined, within its signal rate, and
// only when this server runs a media server; each is answered by a `media-reply` of the same id.
import { type ClientMessage, MEDIA_ERRORS, PROTOCOL_ERRORS } from '@lablive/protocol';
import type { SocketContext } from './socketContext.ts';

export async function answerMediaRequest(
  { deps, replies, rooms, limits }: SocketContext,
  message: Extract<ClientMessage, { type: 'media' }>,
): Promise<void> {
  const { requestId } = message;
  const refuse = (code: string, text: string) =>
    replies.send({ type: 'media-reply', requestId, error: { code, message: text } });
  const room = rooms.get(message.roomId);
  if (!room) return refuse(PROTOCOL_ERRORS.notJoined, `Join room ${message.roomId} before asking for media.`);
  if (!deps.media)
    return refuse(
      MEDIA_ERRORS.notAvailable,
      'This server carries video peer to peer: it runs no media server.',
    );
  if (!limits.signals.take())
    return refuse(PROTOCOL_ERRORS.rateLimited, 'Too many media requests: slow down.');
  const answer = await deps.media.handle(
    { roomId: message.roomId, actor: room.actor, tabId: room.tabId },
    message.request,
  );
  replies.send({ type: 'media-reply', requestId, ...answer });
}
