// The emoji picker's choice: common reactions and a few of a lab's everyday objects, in a grid of
// EMOJI_COLUMNS, and how the arrow keys move through that grid. Written out here rather than pulled
// from an emoji dataset, which would weigh more than the whole room.
export const EMOJI_COLUMNS = 8;

// biome-ignore format: one line per row of the picker's grid
export const EMOJIS: readonly string[] = [
  '😀', '😃', '😄', '😁', '😆', '😅', '😂', '🙂',
  '😉', '😊', '😍', '🤩', '😎', '🤓', '🤔', '😐',
  '😮', '😢', '😭', '😡', '🥳', '😴', '🤒', '😷',
  '👍', '👎', '👏', '🙌', '🙏', '💪', '👋', '👌',
  '✌️', '🤝', '☝️', '✋', '👀', '❤️', '💙', '💚',
  '🔥', '⭐', '✨', '🎉', '✅', '❌', '❓', '💡',
  '📌', '📝', '📊', '💊', '🧪', '🔬', '🩺', '☕',
];

/** The index the focus moves to for an arrow, Home or End key, or null for any other key. */
export function moveInGrid(index: number, key: string, count: number, columns: number): number | null {
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return Math.min(index + 1, last);
    case 'ArrowLeft':
      return Math.max(index - 1, 0);
    case 'ArrowDown':
      return index + columns <= last ? index + columns : index;
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
