import { describe, expect, it } from 'vitest';
import { chatItemKey, chatWithAnnouncements } from './chatWithAnnouncements.ts';

const message = (id: string, at: string) => ({ id, from: { participantId: 1, name: 'Ada' }, text: id, at });
const announcement = (id: string, at: string) => ({ id, text: id, session: 1, at });

describe('the chat with the announcements to every room', () => {
  it('puts each announcement where it happened among the messages', () => {
    const items = chatWithAnnouncements(
      [message('m1', '2026-01-01T10:00:00Z'), message('m2', '2026-01-01T10:05:00Z')],
      [announcement('a1', '2026-01-01T10:02:00Z'), announcement('a2', '2026-01-01T10:09:00Z')],
    );
    expect(items.map(chatItemKey)).toEqual(['m-m1', 'a-a1', 'm-m2', 'a-a2']);
  });

  it('shows announcements alone in a room where nobody wrote', () => {
    expect(chatWithAnnouncements([], [announcement('a1', '2026-01-01T10:02:00Z')]).map(chatItemKey)).toEqual([
      'a-a1',
    ]);
  });
});
