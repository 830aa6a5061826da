// A room command from a socket: only for a room it joined, within its rate, once its JoinRoom was
// decided; what the client may not decide is fixed from our records (clientCommands.ts); then the
// room's host answers it, ack with the version or rejected with the room's code.
import { type ClientMessage, PROTOCOL_ERRORS } from '@lablive/protocol';
import type { Caller } from '../access/caller.ts';
import { trustedCommand } from './clientCommands.ts';
import type { SocketContext } from './socketContext.ts';

export async function relayCommand(
  { deps, replies, rooms, limits }: SocketContext,
  message: Extract<ClientMessage, { type: 'command' }>,
  who: Caller,
): Promise<void> {
  const room = rooms.get(message.roomId);
  if (!room) {
    replies.refuse(
      PROTOCOL_ERRORS.notJoined,
      `Join room ${message.roomId} before sending it commands.`,
      message.commandId,
    );
    return;
  }
  if (!limits.commands.take()) {
    replies.refuse(PROTOCOL_ERRORS.rateLimited, 'Too many commands: slow down.', message.commandId);
    return;
  }
  deps.stats.commands++;
  await room.entered;
  const command = await trustedCommand(deps.db, who, message.command, room.connectionId);
  if (!command.ok) {
    deps.stats.refuse(command.code);
    replies.answer({
      type: 'rejected',
      commandId: message.commandId,
      code: command.code,
      message: command.message,
    });
    return;
  }
  const outcome = await deps.rooms.execute({
    roomId: message.roomId,
    commandId: message.commandId,
    actor: room.actor,
    command: command.command,
    correlationId: room.connectionId,
  });
  if (outcome.ok) {
    replies.answer({ type: 'ack', commandId: message.commandId, version: outcome.version });
  } else {
    if (outcome.code === PROTOCOL_ERRORS.roomUnavailable)
      deps.log('warn', 'room unavailable', { roomId: message.roomId, commandId: message.commandId });
    deps.stats.refuse(outcome.code);
    replies.answer({
      type: 'rejected',
      commandId: message.commandId,
      code: outcome.code,
      message: outcome.message,
    });
  }
}
