// Decisions about what participants write: chat messages and notes, including an animator's request
// for everyone's notes and the answers to it.
import { hasChatMessage } from './chatLog.ts';
import { accept, type DecideContext, type Decision, reject } from './decision.ts';
import type { RoomCommandOf } from './roomCommands.ts';
import type { RoomState } from './roomState.ts';

export function sendChatMessage(
  state: RoomState,
  command: RoomCommandOf<'SendChatMessage'>,
  context: DecideContext,
): Decision {
  const { messageId } = command.data;
  const text = command.data.text.trim();
  if (text === '') return reject('blank_message');
  if (hasChatMessage(state.chat, messageId)) return reject('duplicate_id');
  const { participantId, name } = context.actor;
  return accept({
    type: 'ChatMessageSent',
    data: { messageId, from: { participantId, name }, text, at: context.now },
  });
}

export function removeChatMessage(
  state: RoomState,
  command: RoomCommandOf<'RemoveChatMessage'>,
  context: DecideContext,
): Decision {
  const { messageId } = command.data;
  if (!hasChatMessage(state.chat, messageId)) return reject('message_not_found');
  return accept({ type: 'ChatMessageRemoved', data: { messageId, by: context.actor.participantId } });
}

/** Each participant's own notes, kept as they typed them (spacing included). */
export function saveNotes(command: RoomCommandOf<'SaveNotes'>, context: DecideContext): Decision {
  return accept({
    type: 'NotesSaved',
    data: { participantId: context.actor.participantId, text: command.data.text },
  });
}

export function requestNotes(context: DecideContext): Decision {
  return accept({
    type: 'NotesRequested',
    data: { requestId: context.newId(), by: context.actor.participantId, at: context.now },
  });
}

export function submitNotes(
  state: RoomState,
  command: RoomCommandOf<'SubmitNotes'>,
  context: DecideContext,
): Decision {
  const { requestId, text } = command.data;
  if (!state.notesRequests.some((request) => request.id === requestId))
    return reject('notes_request_not_found');
  const { participantId, name } = context.actor;
  return accept({ type: 'NotesSubmitted', data: { requestId, participantId, name, text, at: context.now } });
}
