// With `lablive.debug` set in localStorage (support sessions and the end-to-end tests), the room's
// media session is reachable from the browser console as `window.lablive.media`, to read the decoded
// frames of each remote camera (`await lablive.media.inboundVideoFrames()`) and, through Janus, the layer
// of each feed (`lablive.media.receivedLayers()`). Off by default; signing
// out removes the key (auth/localSession.ts).
import type { MediaSession } from '../../media/mediaSession.ts';

declare global {
  interface Window {
    lablive?: { media: MediaSession | null };
  }
}

export function exposeForDebugging(media: MediaSession | null): () => void {
  if (window.localStorage.getItem('lablive.debug') === null) return () => {};
  window.lablive = { media };
  return () => {
    if (window.lablive?.media === media) window.lablive = { media: null };
  };
}
