// The viewers of a room: a list that is never changed (a presence event makes a new one), with an index
// of positions by id shared between lists where it stays true. Looking a sender up is every command's
// first step, and a hot room has a thousand viewers.
import type { Viewer } from './roomState.ts';

/**
 * Every command looks its sender up, and a hot room has a thousand viewers, so each list of viewers has
 * an index of positions by id. A list is never changed: a presence event makes a new one, which shares
 * the index of the list it came from when every position stays (a viewer changed in place) or when it
 * only adds at the end (a join) and no other list has grown that index yet. A lookup checks the id found
 * at the position, so an older, shorter list sharing the index never finds a later viewer.
 */
const positionsByList = new WeakMap<readonly Viewer[], Map<number, number>>();

function positionsOf(viewers: readonly Viewer[]): Map<number, number> {
  let positions = positionsByList.get(viewers);
  if (positions === undefined) {
    positions = new Map(viewers.map((viewer, at) => [viewer.id, at]));
    positionsByList.set(viewers, positions);
  }
  return positions;
}

/** The viewer with this id and its position in the list, if the list has them. */
export function locate(viewers: readonly Viewer[], participantId: number): [number, Viewer] | undefined {
  const at = positionsOf(viewers).get(participantId);
  const viewer = at === undefined ? undefined : viewers[at];
  return at !== undefined && viewer?.id === participantId ? [at, viewer] : undefined;
}

/** The list with `viewer` added at the end. */
export function withViewerAdded(viewers: readonly Viewer[], viewer: Viewer): readonly Viewer[] {
  const positions = positionsOf(viewers);
  const next = [...viewers, viewer];
  // Shared only while no other list grew it from this one (its size is still this list's length).
  if (positions.size === viewers.length && !positions.has(viewer.id)) {
    positions.set(viewer.id, viewers.length);
    positionsByList.set(next, positions);
  }
  return next;
}

/** The list with the viewers at `changes`' positions replaced; every position stays. */
export function withViewersReplaced(
  viewers: readonly Viewer[],
  changes: ReadonlyMap<number, Viewer>,
): readonly Viewer[] {
  if (changes.size === 0) return viewers;
  const next = viewers.slice();
  for (const [at, viewer] of changes) next[at] = viewer;
  positionsByList.set(next, positionsOf(viewers));
  return next;
}
