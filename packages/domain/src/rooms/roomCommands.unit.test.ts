import { describe, expect, it } from 'vitest';
import {
  CLIENT_ROOM_COMMAND_TYPES,
  ROOM_COMMAND_LIMITS,
  ROOM_COMMAND_TYPES,
  roomCommandSchema,
} from './roomCommands.ts';

const rejects = (command: unknown) => expect(roomCommandSchema.safeParse(command).success).toBe(false);
const accepts = (command: unknown) => expect(roomCommandSchema.safeParse(command).success).toBe(true);

describe('roomCommandSchema', () => {
  it('lists every command type once', () => {
    expect(new Set(ROOM_COMMAND_TYPES).size).toBe(ROOM_COMMAND_TYPES.length);
    expect(ROOM_COMMAND_TYPES).toContain('JoinRoom');
    expect(ROOM_COMMAND_TYPES).toHaveLength(47); // + 8 of the lobby (lobby.ts); the server's own: + 2 consent, + 5 broadcast
    expect(CLIENT_ROOM_COMMAND_TYPES).toHaveLength(39); // 27 + 4 of the Q&A + 8 of the lobby
  });

  it('caps chat messages at 2000 characters and notes at 20000', () => {
    accepts({
      type: 'SendChatMessage',
      data: { messageId: 'm', text: 'x'.repeat(ROOM_COMMAND_LIMITS.chatText) },
    });
    rejects({
      type: 'SendChatMessage',
      data: { messageId: 'm', text: 'x'.repeat(ROOM_COMMAND_LIMITS.chatText + 1) },
    });
    accepts({ type: 'SaveNotes', data: { text: 'x'.repeat(20_000) } });
    rejects({ type: 'SaveNotes', data: { text: 'x'.repeat(20_001) } });
    rejects({ type: 'SubmitNotes', data: { requestId: 'r', text: 'x'.repeat(20_001) } });
  });

  it('caps the poll form: question 500, at most 10 options of 200', () => {
    const poll = { pollId: 'p', question: 'Q', options: ['a', 'b'] };
    accepts({ type: 'CreatePoll', data: poll });
    rejects({ type: 'CreatePoll', data: { ...poll, question: 'q'.repeat(501) } });
    rejects({ type: 'CreatePoll', data: { ...poll, title: 't'.repeat(501) } });
    rejects({ type: 'EditPoll', data: { ...poll, options: Array.from({ length: 11 }, (_, i) => `o${i}`) } });
    rejects({ type: 'CreatePoll', data: { ...poll, options: ['a', 'o'.repeat(201)] } });
  });

  it('takes poll answers as non-negative whole option indexes', () => {
    accepts({ type: 'AnswerPoll', data: { pollId: 'p', answers: [0, 2] } });
    rejects({ type: 'AnswerPoll', data: { pollId: 'p', answers: [-1] } });
    rejects({ type: 'AnswerPoll', data: { pollId: 'p', answers: [1.5] } });
    rejects({ type: 'AnswerPoll', data: { pollId: 'p', answers: '0' } });
  });

  it('validates the other fields: scenes, steps, reasons, documents, ids', () => {
    rejects({ type: 'SetPresentationScene', data: { scene: ' ' } });
    rejects({ type: 'SetPresentationScene', data: { scene: 's'.repeat(101) } });
    rejects({ type: 'SetPresentationStep', data: { step: -1 } });
    rejects({ type: 'ReportDisconnection', data: { reason: 'r'.repeat(201) } });
    rejects({ type: 'LeaveRoom', data: { connectionId: 'c', reason: '' } });
    rejects({ type: 'ShareDocuments', data: { documents: [] } });
    rejects({ type: 'ShareDocuments', data: { documents: [{ id: 0, name: 'Doc', extension: 'pdf' }] } });
    rejects({ type: 'JoinRoom', data: { connectionId: '' } });
    rejects({ type: 'ForceToggleAudio', data: { participantId: '2', enabled: false } });
  });

  it('refuses unknown types and unknown fields instead of carrying them into the log', () => {
    rejects({ type: 'KickEveryone', data: {} });
    rejects({ type: 'StartSession', data: { at: '2024-01-01' } });
    rejects({ type: 'StartSession', data: {}, actor: { role: 'animator' } });
  });
});
