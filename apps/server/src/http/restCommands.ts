// Room commands sent on behalf of an HTTP request (share a document, start a poll, leave). The room's
// decider stays the one judge of who may do what in a room; this only turns its refusals into HTTP
// answers: not an animator or a module switched off is 403; a refusal that says "not now" (the room
// moving to another instance, too many commands waiting for it, too many from this person) is 503 or 429
// with Retry-After, so an HTTP client backs off as the socket client does; anything else (not in the
// room, a poll not active...) is 409 with the room's own code and message.
import {
  CodedError,
  DomainError,
  type RoomActor,
  type RoomCommandInput,
  roomCommandSchema,
} from '@lablive/domain';
import { PROTOCOL_ERRORS } from '@lablive/protocol';
import type { CommandOutcome, RoomService } from '../rooms/roomService.ts';

/** Refusals that say "not now": the same command may pass after a pause. */
const RETRY_LATER: Readonly<Record<string, number>> = {
  [PROTOCOL_ERRORS.roomUnavailable]: 503,
  [PROTOCOL_ERRORS.overloaded]: 503,
  [PROTOCOL_ERRORS.rateLimited]: 429,
};

/** A command the room refused; problems.ts answers `status` with `code`. */
export class RoomCommandRejected extends CodedError {
  /** 409 for a reason of the room's state, 503 or 429 for one that a later retry may not meet. */
  readonly status: number;
  constructor(code: string, message: string) {
    super(code, message);
    this.name = 'RoomCommandRejected';
    this.status = RETRY_LATER[code] ?? 409;
  }

  get retryLater(): boolean {
    return this.status !== 409;
  }
}

export type RestCommand = {
  roomId: number;
  actor: RoomActor;
  command: RoomCommandInput;
  /** The HTTP request's id: the command's id derives from it, and the log correlates both. */
  requestId: string;
  /** Tells apart several commands of one request. */
  step?: string;
};

export type AcceptedOutcome = Extract<CommandOutcome, { ok: true }>;

export function rejectionError(code: string, message: string): Error {
  if (code === 'not_animator') return new DomainError('forbidden', message);
  if (code === 'module_disabled') return new DomainError('module_disabled', message);
  return new RoomCommandRejected(code, message);
}

/** Runs the command; throws the HTTP error of a refusal. */
export async function executeRestCommand(rooms: RoomService, request: RestCommand): Promise<AcceptedOutcome> {
  // Commands built from REST bodies pass the same schema as the socket's, so a row's value that breaks
  // a room limit is refused here rather than deep in the host.
  const parsed = roomCommandSchema.safeParse(request.command);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DomainError(
      'validation',
      `${issue?.path.join('.') ?? 'command'}: ${issue?.message ?? 'is invalid'}`,
    );
  }
  const outcome = await rooms.execute({
    roomId: request.roomId,
    commandId: `http-${request.requestId}-${request.step ?? parsed.data.type}`,
    actor: request.actor,
    command: parsed.data,
    correlationId: request.requestId,
  });
  if (!outcome.ok) throw rejectionError(outcome.code, outcome.message);
  return outcome;
}
