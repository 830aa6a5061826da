// The tile column's small rules: it scrolls in steps of 150 px (live-room spec, section 9), with up and
// down buttons only offered when there is somewhere to go; a tile whose camera is off shows initials.
export const TILE_SCROLL_STEP = 150;

export type ScrollPosition = { scrollTop: number; scrollHeight: number; clientHeight: number };

/** Whether the column can scroll up and down from here (one pixel of slack for fractional sizes). */
export function scrollRoom({ scrollTop, scrollHeight, clientHeight }: ScrollPosition): {
  up: boolean;
  down: boolean;
} {
  return { up: scrollTop > 1, down: scrollTop + clientHeight < scrollHeight - 1 };
}

/** The first and last initials of a name ("Anatole Animateur" → "AA"), or "?" without one. */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter((part) => part !== '')
    .map((part) => part[0]?.toUpperCase() ?? '');
  return (letters.length > 1 ? `${letters[0]}${letters.at(-1)}` : (letters[0] ?? '?')).slice(0, 2);
}
