// The commands the append workloads send, and the row the raw SQL baseline inserts per event: the same
// data and metadata as the room host stores for a ChatMessageSent, so both write the same bytes.
import { randomUUID } from 'node:crypto';
import type { RoomCommand } from '@lablive/domain';
import type { RunningRoomService } from '@lablive/server/tooling';
import type { RunnerParticipant } from './appendPlan.ts';

const chatText = (index: number) => `Benchmark message ${index}: is the dosage the same for children?`;

/** A chat message: the room's state keeps every one, so the state grows with each. */
export function chatCommand(index: number): RoomCommand {
  return { type: 'SendChatMessage', data: { messageId: `m${index}`, text: chatText(index) } };
}

/** A microphone toggle: one small event whose fold leaves the state's size unchanged. */
export function steadyCommand(index: number): RoomCommand {
  return { type: 'ToggleOwnAudio', data: { enabled: index % 2 === 0 } };
}

export function chatEventRow(index: number, labId: number, sender: RunnerParticipant, causationId: string) {
  const { actor } = sender;
  return {
    type: 'ChatMessageSent',
    data: JSON.stringify({
      messageId: `m${index}`,
      from: { participantId: actor.participantId, name: actor.name },
      text: chatText(index),
      at: new Date().toISOString(),
    }),
    metadata: JSON.stringify({
      labId,
      actor: { participantId: actor.participantId, role: actor.role },
      causationId,
      correlationId: causationId,
    }),
  };
}

/** `command` sent by `who` through the room service, as a client's would be; a refusal is logged. */
export async function sendAs(
  rooms: RunningRoomService,
  log: (line: string) => void,
  who: RunnerParticipant,
  command: RoomCommand,
): Promise<boolean> {
  const outcome = await rooms.execute({
    roomId: who.roomId,
    commandId: randomUUID(),
    actor: who.actor,
    command,
    correlationId: 'bench',
  });
  if (!outcome.ok) log(`refused: ${outcome.code} ${outcome.message}`);
  return outcome.ok;
}
