// Whom the stage follows: the animator's presentation (scene and step) while an animator is in the
// room; once the last animator has left, everyone goes on at their own pace instead of waiting on a
// lead that is gone ("Led by the animator" would be untrue).
import type { RoomState } from '@lablive/domain';

/** Nobody leads: each person's own pace. The same object each time (a stable store snapshot). */
export const UNLED: RoomState['presentation'] = Object.freeze({ scene: null, step: 0 });

export function ledPresentation(state: RoomState): RoomState['presentation'] {
  return state.viewers.some((viewer) => viewer.isAnimator) ? state.presentation : UNLED;
}
