// A room command's outcome as the sidebar handles it: null when the room applied it, or the refusal
// (the room host's code and message, or `unreachable` when no answer came: offline, timed out, closed).
// Machines' IO actors throw the refusal instead, so their onError transitions carry it.
import type { CommandResult } from '@lablive/client';
import { type ClientRoomCommand, CodedError } from '@lablive/domain';

export type Refusal = { code: string; message: string };

/** No answer from the room (the realtime client rejected the send): not one of the room's codes. */
export const UNREACHABLE = 'unreachable';

export class CommandRefusedError extends CodedError {
  constructor(refusal: Refusal) {
    super(refusal.code, refusal.message);
    this.name = 'CommandRefusedError';
  }
}

export type SendCommand = (command: ClientRoomCommand) => Promise<CommandResult>;

export async function trySend(send: SendCommand, command: ClientRoomCommand): Promise<Refusal | null> {
  try {
    const result = await send(command);
    return result.ok ? null : { code: result.code, message: result.message };
  } catch (error) {
    return refusalOf(error);
  }
}

/** For fromPromise actors: resolves when applied, rejects with a CommandRefusedError otherwise. */
export async function sendOrThrow(send: SendCommand, command: ClientRoomCommand): Promise<void> {
  const refusal = await trySend(send, command);
  if (refusal !== null) throw new CommandRefusedError(refusal);
}

/** What an actor's error says, whatever was thrown. */
export function refusalOf(error: unknown): Refusal {
  if (error instanceof CommandRefusedError) return { code: error.code, message: error.message };
  return { code: UNREACHABLE, message: error instanceof Error ? error.message : String(error) };
}
