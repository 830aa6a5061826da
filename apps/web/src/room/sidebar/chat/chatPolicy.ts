// The chat composer's rules (live-room spec, section 5): Enter sends and Shift+Enter starts a new line;
// a blank or whitespace-only message is not sent at all; what is sent is trimmed and fits the room's
// limit. Also where an emoji goes in the text. Pure, so tested without a browser.
import { ROOM_COMMAND_LIMITS } from '@lablive/domain';

/** The room scrolls its chat to the bottom this long after a new message (section 9). */
export const CHAT_SCROLL_DELAY_MS = 100;

export type ComposerKey = { key: string; shiftKey: boolean; isComposing: boolean };

/** What a key press in the composer does: send the message, or let the textarea handle it. */
export function keyAction(press: ComposerKey): 'send' | 'type' {
  // While an input method composes (Japanese, Chinese...), Enter confirms the composition.
  if (press.key !== 'Enter' || press.shiftKey || press.isComposing) return 'type';
  return 'send';
}

export type Outgoing = { kind: 'send'; text: string } | { kind: 'blank' } | { kind: 'tooLong'; max: number };

export function outgoing(draft: string): Outgoing {
  const text = draft.trim();
  if (text === '') return { kind: 'blank' };
  if (text.length > ROOM_COMMAND_LIMITS.chatText)
    return { kind: 'tooLong', max: ROOM_COMMAND_LIMITS.chatText };
  return { kind: 'send', text };
}

/** The text with `insert` replacing the selection, and where the caret goes after it. */
export function insertAt(
  text: string,
  selection: { start: number; end: number },
  insert: string,
): { text: string; caret: number } {
  const start = Math.max(0, Math.min(selection.start, text.length));
  const end = Math.max(start, Math.min(selection.end, text.length));
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}
