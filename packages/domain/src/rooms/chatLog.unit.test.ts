import { describe, expect, it } from 'vitest';
import {
  appendChatMessage,
  CHUNK_SIZE,
  type ChatLog,
  type ChatMessage,
  chatMessages,
  emptyChatLog,
  hasChatMessage,
  removeChatMessageById,
} from './chatLog.ts';

const message = (index: number): ChatMessage => ({
  id: `m${index}`,
  from: { participantId: 1, name: 'Ada' },
  text: `text ${index}`,
  at: '2026-11-21T10:00:00.000Z',
});

function logOf(count: number): ChatLog {
  let log = emptyChatLog;
  for (let index = 0; index < count; index++) log = appendChatMessage(log, message(index));
  return log;
}

describe('chat log', () => {
  it('keeps every message in order across chunks', () => {
    const count = CHUNK_SIZE * 2 + 3;
    const log = logOf(count);
    expect(log.size).toBe(count);
    expect(log.sealed).toHaveLength(2);
    expect(log.tail).toHaveLength(3);
    expect(chatMessages(log).map((m) => m.id)).toEqual(Array.from({ length: count }, (_, i) => `m${i}`));
  });

  it('leaves the log it appended to as it was, sharing the full chunks', () => {
    const before = logOf(CHUNK_SIZE + 1);
    const after = appendChatMessage(before, message(9999));
    expect(chatMessages(before)).toHaveLength(CHUNK_SIZE + 1);
    expect(after.sealed).toBe(before.sealed);
    expect(hasChatMessage(before, 'm9999')).toBe(false);
    expect(hasChatMessage(after, 'm9999')).toBe(true);
  });

  it('finds ids in full chunks and in the last one', () => {
    const log = logOf(CHUNK_SIZE + 10);
    expect(hasChatMessage(log, 'm3')).toBe(true);
    expect(hasChatMessage(log, `m${CHUNK_SIZE + 5}`)).toBe(true);
    expect(hasChatMessage(log, 'nope')).toBe(false);
  });

  it('removes one message wherever it is, and nothing when the id is unknown', () => {
    const log = logOf(CHUNK_SIZE + 10);
    const removed = removeChatMessageById(log, 'm7');
    expect(removed.size).toBe(log.size - 1);
    expect(hasChatMessage(removed, 'm7')).toBe(false);
    expect(hasChatMessage(log, 'm7')).toBe(true);
    expect(chatMessages(removed).map((m) => m.id)).not.toContain('m7');
    expect(removeChatMessageById(log, 'nope')).toBe(log);
    const emptied = removeChatMessageById(logOf(1), 'm0');
    expect(emptied.size).toBe(0);
    expect(chatMessages(emptied)).toEqual([]);
  });

  it('survives JSON (snapshots, the welcome message)', () => {
    const log = JSON.parse(JSON.stringify(logOf(CHUNK_SIZE + 1))) as ChatLog;
    expect(hasChatMessage(log, 'm1')).toBe(true);
    expect(chatMessages(appendChatMessage(log, message(5000))).at(-1)?.id).toBe('m5000');
  });

  it('keeps rooms apart: logs grown from the empty one share nothing', () => {
    const roomA = appendChatMessage(emptyChatLog, message(1));
    const roomB = appendChatMessage(emptyChatLog, message(2));
    expect(hasChatMessage(roomA, 'm1')).toBe(true);
    expect(hasChatMessage(roomA, 'm2')).toBe(false);
    expect(hasChatMessage(roomB, 'm1')).toBe(false);
  });

  it('does not see in a log what was appended to a later one, and takes back a removed id', () => {
    const before = logOf(3);
    const later = appendChatMessage(before, message(3));
    expect(hasChatMessage(before, 'm3')).toBe(false);
    const removed = removeChatMessageById(later, 'm1');
    expect(hasChatMessage(removed, 'm1')).toBe(false);
    expect(hasChatMessage(later, 'm1')).toBe(true);
    const again = appendChatMessage(removed, message(1));
    expect(hasChatMessage(again, 'm1')).toBe(true);
    expect(chatMessages(again).map((m) => m.id)).toEqual(['m0', 'm2', 'm3', 'm1']);
  });
});
