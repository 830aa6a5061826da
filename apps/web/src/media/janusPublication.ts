// One kept publication of a `janus` session (the camera and microphone, or a shared screen): published
// again when its connection fails, with backoff while the media server is out of reach.
import type { MediaSource } from '@lablive/protocol';
import { type JanusPublisher, publishToJanus } from './janusPublisher.ts';
import { type KeptNegotiation, retryAfter } from './janusReachability.ts';
import { type Kept, keepAlive } from './keptAlive.ts';

export type PublishedTracks = { audio: MediaStreamTrack | null; video: MediaStreamTrack | null };

/** Publishes the tracks of one source; `tracks` is read again for each negotiation. */
export function keepPublication(
  source: MediaSource,
  tracks: () => PublishedTracks,
  negotiation: KeptNegotiation,
): Kept<JanusPublisher> {
  const { onError } = negotiation;
  const kept: Kept<JanusPublisher> = keepAlive({
    open: () =>
      publishToJanus({
        source,
        tracks: tracks(),
        configuration: negotiation.configuration,
        request: negotiation.request,
        onFailed: () => kept.restart(),
        onError,
      }),
    dispose: (publisher) => publisher.close(true),
    retryAfter,
    onError: negotiation.failed,
    onChange() {
      const publisher = kept.current();
      if (publisher === null) return;
      negotiation.succeeded();
      // A track that changed while the publication was negotiated.
      const { audio, video } = tracks();
      publisher.setTrack('audio', audio).catch(onError);
      publisher.setTrack('video', video).catch(onError);
    },
  });
  return kept;
}
