// onSpeakingChange for either provider: watches the current microphone track while someone listens,
// and follows it when the microphone is switched or plugged back.
import { createListeners } from '@lablive/client/realtime/listeners';
import { watchSpeaking } from './audioLevel.ts';
import type { LocalMedia } from './localMedia.ts';

export type SpeakingFeed = {
  onSpeakingChange(listener: (speaking: boolean) => void): () => void;
  close(): void;
};

export function createSpeakingFeed(local: LocalMedia, onError: (error: unknown) => void): SpeakingFeed {
  const listeners = createListeners<[boolean]>(onError);
  let count = 0;
  let watched: MediaStreamTrack | null = null;
  let stop: (() => void) | null = null;

  function follow(): void {
    const track = count > 0 ? local.track('audioinput') : null;
    if (track === watched) return;
    stop?.();
    stop = null;
    watched = track;
    if (track === null) return;
    try {
      stop = watchSpeaking(track, (speaking) => listeners.emit(speaking));
    } catch (error) {
      // No WebAudio (or it refused the track): the room goes on without speaking indicators.
      onError(error);
    }
  }

  const unsubscribeTracks = local.onTrackChange((kind) => {
    if (kind === 'audioinput') follow();
  });

  return {
    onSpeakingChange(listener) {
      const remove = listeners.add(listener);
      count += 1;
      follow();
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        remove();
        count -= 1;
        follow();
      };
    },
    close() {
      unsubscribeTracks();
      count = 0;
      follow();
      listeners.clear();
    },
  };
}
