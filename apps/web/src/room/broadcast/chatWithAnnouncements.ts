// The chat as the panel lists it: the room's messages and the announcements the event's staff sent to
// every room, in the order they happened (an announcement is not a chat message: it has no author in the
// room and nobody removes it, so the room's state keeps the two apart).
import type { Announcement, ChatMessage } from '@lablive/domain';

export type ChatItem =
  | { kind: 'message'; message: ChatMessage }
  | { kind: 'announcement'; announcement: Announcement };

export function chatWithAnnouncements(
  messages: readonly ChatMessage[],
  announcements: readonly Announcement[],
): ChatItem[] {
  const items: ChatItem[] = messages.map((message) => ({ kind: 'message', message }));
  for (const announcement of announcements) {
    const at = Date.parse(announcement.at);
    // Messages arrive in order: an announcement goes after every message not later than it.
    let index = items.length;
    while (index > 0 && instantOf(items[index - 1]) > at) index--;
    items.splice(index, 0, { kind: 'announcement', announcement });
  }
  return items;
}

function instantOf(item: ChatItem | undefined): number {
  if (item === undefined) return Number.NEGATIVE_INFINITY;
  return Date.parse(item.kind === 'message' ? item.message.at : item.announcement.at);
}

export const chatItemKey = (item: ChatItem): string =>
  item.kind === 'message' ? `m-${item.message.id}` : `a-${item.announcement.id}`;
