import { describe, expect, it } from 'vitest';
import {
  animator,
  given,
  joined,
  NOW,
  observer,
  observerAnimator,
  participant,
} from '../testing/roomSpecification.ts';
import { chatMessages } from './chatLog.ts';
import type { SessionEvent } from './roomEvents.ts';

const room = [joined(animator), joined(participant)];
const hello: SessionEvent = {
  type: 'ChatMessageSent',
  data: { messageId: 'm-1', from: { participantId: 2, name: 'Paul' }, text: 'Hello', at: NOW },
};

describe('SendChatMessage', () => {
  it('sends the trimmed text under the sender name, and keeps messages in order', () => {
    const state = given([...room, joined(observer), hello])
      .when({ type: 'SendChatMessage', data: { messageId: 'm-2', text: '  Bonjour à tous 👋\n' } }, observer)
      .then([
        {
          type: 'ChatMessageSent',
          data: {
            messageId: 'm-2',
            from: { participantId: 3, name: 'Olga' },
            text: 'Bonjour à tous 👋',
            at: NOW,
          },
        },
      ]);
    expect(chatMessages(state.chat).map((message) => [message.id, message.text])).toEqual([
      ['m-1', 'Hello'],
      ['m-2', 'Bonjour à tous 👋'],
    ]);
  });

  it('does not send a blank or whitespace-only message (spec section 5)', () => {
    given(room)
      .when({ type: 'SendChatMessage', data: { messageId: 'm-1', text: '' } }, participant)
      .thenRejects('blank_message');
    given(room)
      .when({ type: 'SendChatMessage', data: { messageId: 'm-1', text: ' \n\t ' } }, participant)
      .thenRejects('blank_message');
  });

  it('keeps message ids unique', () => {
    given([...room, hello])
      .when({ type: 'SendChatMessage', data: { messageId: 'm-1', text: 'again' } }, animator)
      .thenRejects('duplicate_id');
  });
});

describe('RemoveChatMessage', () => {
  it('lets an animator remove a message', () => {
    const state = given([...room, hello])
      .when({ type: 'RemoveChatMessage', data: { messageId: 'm-1' } }, animator)
      .then([{ type: 'ChatMessageRemoved', data: { messageId: 'm-1', by: 1 } }]);
    expect(chatMessages(state.chat)).toEqual([]);
    expect(state.chat.size).toBe(0);
  });

  it('refuses a message that does not exist', () => {
    given(room)
      .when({ type: 'RemoveChatMessage', data: { messageId: 'nope' } }, animator)
      .thenRejects('message_not_found');
  });
});

describe('SaveNotes', () => {
  it("keeps each participant's own notes, the latest save winning", () => {
    const state = given([...room, { type: 'NotesSaved', data: { participantId: 2, text: 'draft' } }])
      .when({ type: 'SaveNotes', data: { text: 'Dose: 2 x 5 mg\n' } }, participant)
      .then([{ type: 'NotesSaved', data: { participantId: 2, text: 'Dose: 2 x 5 mg\n' } }]);
    expect(state.notes).toEqual([{ participantId: 2, text: 'Dose: 2 x 5 mg\n' }]);
  });
});

describe('RequestNotes', () => {
  it("lets an animator (here an observer-animator) ask for everyone's notes, under a fresh request id", () => {
    const state = given([...room, joined(observerAnimator)])
      .when({ type: 'RequestNotes', data: {} }, observerAnimator)
      .then([{ type: 'NotesRequested', data: { requestId: 'id-1', by: 4, at: NOW } }]);
    expect(state.notesRequests).toEqual([{ id: 'id-1', by: 4, at: NOW, submissions: [] }]);
  });
});

describe('SubmitNotes', () => {
  const requested: SessionEvent = { type: 'NotesRequested', data: { requestId: 'r-1', by: 1, at: NOW } };

  it('delivers a participant answer to the request, one submission per participant', () => {
    const state = given([
      ...room,
      requested,
      {
        type: 'NotesSubmitted',
        data: { requestId: 'r-1', participantId: 2, name: 'Paul', text: 'first', at: NOW },
      },
    ])
      .when({ type: 'SubmitNotes', data: { requestId: 'r-1', text: 'my notes' } }, participant)
      .then([
        {
          type: 'NotesSubmitted',
          data: { requestId: 'r-1', participantId: 2, name: 'Paul', text: 'my notes', at: NOW },
        },
      ]);
    expect(state.notesRequests[0]?.submissions).toEqual([
      { participantId: 2, name: 'Paul', text: 'my notes', at: NOW },
    ]);
  });

  it('refuses an answer to a request that was never made', () => {
    given(room)
      .when({ type: 'SubmitNotes', data: { requestId: 'r-9', text: 'x' } }, participant)
      .thenRejects('notes_request_not_found');
  });
});
