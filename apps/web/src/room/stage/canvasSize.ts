// The size a media's game asks for (medias.canvas_width, canvas_height, full_canvas): a full-canvas game
// fills the stage; any other keeps its proportions, no larger than it was made for, centred.
import type { RoomMedia } from '@lablive/domain';
import type { CSSProperties } from 'react';

export function canvasStyle(
  media: Pick<RoomMedia, 'canvas_width' | 'canvas_height' | 'full_canvas'>,
): CSSProperties {
  if (media.full_canvas) return { width: '100%', height: '100%' };
  return {
    aspectRatio: `${media.canvas_width} / ${media.canvas_height}`,
    width: '100%',
    maxWidth: `${media.canvas_width}px`,
    maxHeight: '100%',
    margin: '0 auto',
    flex: 'none',
  };
}
