// Whose camera the stage shows when it has nothing else to show (no presentation, no shared screen):
// the webinar's layout, the person speaking large and everyone else in thumbnails, so a media server
// sends that one camera in its highest simulcast layer. The speaker changes with the voice; between
// two voices the last speaker stays (no jump back and forth at every pause), and before anyone spoke,
// the first animator with a camera on.
import type { Viewer } from '@lablive/domain';

type StageViewer = Pick<Viewer, 'id' | 'isAnimator' | 'videoEnabled'>;

export function stageSpeaker(input: {
  viewers: readonly StageViewer[];
  speakerId: number | null;
  selfId: number;
  previous: number | null;
}): number | null {
  const shown = (id: number | null) =>
    id !== null &&
    id !== input.selfId &&
    input.viewers.some((viewer) => viewer.id === id && viewer.videoEnabled);
  if (shown(input.speakerId)) return input.speakerId;
  if (shown(input.previous)) return input.previous;
  const animator = input.viewers.find((viewer) => viewer.isAnimator && shown(viewer.id));
  return animator?.id ?? null;
}
