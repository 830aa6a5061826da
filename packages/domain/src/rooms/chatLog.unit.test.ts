import { describe, expect, it } from 'vitest';
import {
  appendChatMessage,
  CHAT_MINUTES_KEPT,
  CHUNK_SIZE,
  type ChatLog,
  type ChatMessage,
  chatMessages,
  emptyChatLog,
  hasChatMessage,
  KEPT_CHUNKS,
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

describe('a long chat in a live room', () => {
  const sentAt = (index: number) => new Date(Date.UTC(2026, 10, 21, 10, 0, index)).toISOString();
  const longLog = (count: number) => {
    let log = emptyChatLog;
    for (let index = 0; index < count; index++)
      log = appendChatMessage(log, { ...message(index), at: sentAt(index) });
    return log;
  };

  it('holds only its latest chunks, however long the session, and counts every message', () => {
    const count = CHUNK_SIZE * (KEPT_CHUNKS + 10) + 7;
    const log = longLog(count);
    expect(log.total).toBe(count);
    expect(log.sealed).toHaveLength(KEPT_CHUNKS);
    expect(log.size).toBe(KEPT_CHUNKS * CHUNK_SIZE + 7);
    const held = chatMessages(log).map((m) => m.id);
    expect(held.at(-1)).toBe(`m${count - 1}`);
    expect(held[0]).toBe(`m${count - log.size}`);
    expect(hasChatMessage(log, `m${count - 1}`)).toBe(true);
    expect(hasChatMessage(log, `m${count - log.size}`)).toBe(true);
    expect(hasChatMessage(log, 'm0')).toBe(false);
  });

  it('removes a held message after older ones were let go, and its count with it', () => {
    const log = longLog(CHUNK_SIZE * (KEPT_CHUNKS + 2));
    const oldestHeld = chatMessages(log)[0]?.id ?? '';
    const removed = removeChatMessageById(log, oldestHeld);
    expect(removed.total).toBe(log.total - 1);
    expect(hasChatMessage(removed, oldestHeld)).toBe(false);
    expect(removeChatMessageById(log, 'm0')).toBe(log);
  });

  it('counts messages per minute for the latest minutes only, the first minute kept', () => {
    // One message per second: 60 per minute, for 150 minutes.
    const log = longLog(150 * 60);
    expect(log.perMinute).toHaveLength(CHAT_MINUTES_KEPT);
    expect(log.perMinute.every(([, count]) => count === 60)).toBe(true);
    const first = Math.floor(Date.parse(sentAt(0)) / 60_000);
    expect(log.firstMinute).toBe(first);
    expect(log.perMinute.at(-1)?.[0]).toBe(first + 149);
  });

  it('reads a log stored before it counted (an older replay snapshot) as what it holds', () => {
    const stored = { sealed: [], tail: [message(1), message(2)], size: 2 } as unknown as ChatLog;
    const next = appendChatMessage(stored, message(3));
    expect(next.total).toBe(3);
    expect(next.perMinute).toEqual([[Math.floor(Date.parse(message(1).at) / 60_000), 3]]);
    expect(hasChatMessage(stored, 'm2')).toBe(true);
  });
});
