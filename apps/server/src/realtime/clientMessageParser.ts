// The boundary of the room socket: one inbound frame becomes a checked client message, or the error
// the client is told, in the order the checks cost (size, JSON, type, storable text, schema). Nothing
// here acts on the message; the connection does, once it is parsed.
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@lablive/domain';
import {
  CLIENT_MESSAGE_TYPES,
  type ClientMessage,
  clientMessageSchema,
  PROTOCOL_ERRORS,
  PROTOCOL_LIMITS,
} from '@lablive/protocol';

/** Why a frame was refused: the protocol error code, its message, and the command id when it had one. */
export type FrameRefusal = { code: string; message: string; ref?: string };

export type ParsedFrame = { ok: true; message: ClientMessage } | ({ ok: false } & FrameRefusal);

export function parseClientMessage(raw: Buffer): ParsedFrame {
  if (raw.byteLength > PROTOCOL_LIMITS.maxClientMessageBytes) {
    return refused(
      PROTOCOL_ERRORS.messageTooLarge,
      `A message may be ${PROTOCOL_LIMITS.maxClientMessageBytes} bytes at most; this one is ${raw.byteLength}.`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return refused(PROTOCOL_ERRORS.invalidJson, 'The message is not valid JSON.');
  }
  const type = typeof json === 'object' && json !== null && 'type' in json ? json.type : undefined;
  if (typeof type !== 'string' || !(CLIENT_MESSAGE_TYPES as readonly string[]).includes(type)) {
    return refused(PROTOCOL_ERRORS.unknownType, `Unknown message type ${JSON.stringify(type ?? null)}.`);
  }
  // The refusal names what the client waits on: a command's id, or a media request's.
  const ref =
    typeof json === 'object' && json !== null && 'commandId' in json
      ? String(json.commandId)
      : typeof json === 'object' && json !== null && 'requestId' in json
        ? String(json.requestId)
        : undefined;
  // Before the schema: text PostgreSQL cannot store never reaches a room, whatever field holds it.
  const unstorable = findUnstorableText(json);
  if (unstorable) {
    return refused(PROTOCOL_ERRORS.invalidMessage, `${type}: ${unstorable}: ${UNSTORABLE_TEXT_MESSAGE}`, ref);
  }
  const parsed = clientMessageSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || type;
    return refused(PROTOCOL_ERRORS.invalidMessage, `${type}: ${where}: ${issue?.message ?? 'invalid'}`, ref);
  }
  return { ok: true, message: parsed.data };
}

function refused(code: string, message: string, ref?: string): ParsedFrame {
  return { ok: false, code, message, ...(ref === undefined ? {} : { ref }) };
}
