// How conversation events change a room: the chat, each participant's notes, and the animators'
// requests for everyone's notes. Beside conversationDecisions.ts, which emits them.
import { appendChatMessage, removeChatMessageById } from './chatLog.ts';
import type { SessionEvent } from './roomEvents.ts';
import type { RoomState } from './roomState.ts';

export type ConversationEvent = Extract<
  SessionEvent,
  { type: 'ChatMessageSent' | 'ChatMessageRemoved' | 'NotesSaved' | 'NotesRequested' | 'NotesSubmitted' }
>;

export function evolveConversation(state: RoomState, event: ConversationEvent): RoomState {
  switch (event.type) {
    case 'ChatMessageSent': {
      const { messageId, from, text, at } = event.data;
      return { ...state, chat: appendChatMessage(state.chat, { id: messageId, from, text, at }) };
    }
    case 'ChatMessageRemoved':
      return { ...state, chat: removeChatMessageById(state.chat, event.data.messageId) };
    case 'NotesSaved': {
      const { participantId, text } = event.data;
      const others = state.notes.filter((notes) => notes.participantId !== participantId);
      return { ...state, notes: [...others, { participantId, text }] };
    }
    case 'NotesRequested': {
      const { requestId, by, at } = event.data;
      return {
        ...state,
        notesRequests: [...state.notesRequests, { id: requestId, by, at, submissions: [] }],
      };
    }
    case 'NotesSubmitted': {
      const { requestId, participantId, name, text, at } = event.data;
      return {
        ...state,
        notesRequests: state.notesRequests.map((request) =>
          request.id === requestId
            ? {
                ...request,
                // A second submission to the same request replaces the first.
                submissions: [
                  ...request.submissions.filter((submission) => submission.participantId !== participantId),
                  { participantId, name, text, at },
                ],
              }
            : request,
        ),
      };
    }
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled session event ${JSON.stringify(unhandled)}`);
    }
  }
}
