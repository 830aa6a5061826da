// One publication to the media server (provider `janus`): a sending RTCPeerConnection for a camera with
// its microphone, or for a shared screen, offered whole (non-trickle) in a `publish` request and
// answered by the server with the feed id the others subscribe to. Tracks change without renegotiating
// (replaceTrack): a device switch or a device opened late keeps the feed.
import type { MediaSource } from '@lablive/protocol';
import { iceGathered, preferVp8, publishLines } from './janusEncodings.ts';
import type { MediaRequests } from './mediaSession.ts';

export type JanusPublisher = {
  readonly source: MediaSource;
  readonly feed: number;
  /** Sends this track on the line of its kind from now on (null: nothing). */
  setTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void>;
  /** Closes the connection; with `unpublish`, tells the server too (not when it already forgot it). */
  close(unpublish: boolean): void;
};

export type PublishOptions = {
  source: MediaSource;
  tracks: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null };
  configuration: RTCConfiguration;
  request: MediaRequests['request'];
  /** The connection failed (the network, or the media server lost): publish again. */
  onFailed: () => void;
  onError: (error: unknown) => void;
};

export async function publishToJanus(options: PublishOptions): Promise<JanusPublisher> {
  const { source, request } = options;
  const connection = new RTCPeerConnection(options.configuration);
  const senders = new Map<'audio' | 'video', RTCRtpSender>();
  let closed = false;
  try {
    for (const line of publishLines(source)) {
      const track = options.tracks[line.kind];
      const transceiver = connection.addTransceiver(track ?? line.kind, line.init);
      if (line.kind === 'video') preferVp8(transceiver);
      senders.set(line.kind, transceiver.sender);
    }
    await connection.setLocalDescription(await connection.createOffer());
    await iceGathered(connection);
    const offer = connection.localDescription?.sdp;
    if (offer === undefined) throw new Error('The publishing connection has no local description.');
    const { feed, answer } = await request({ action: 'publish', source, offer });
    try {
      await connection.setRemoteDescription({ type: 'answer', sdp: answer });
    } catch (error) {
      request({ action: 'unpublish', source }).catch(() => undefined);
      throw error;
    }
    connection.addEventListener('connectionstatechange', () => {
      if (!closed && connection.connectionState === 'failed') options.onFailed();
    });
    return {
      source,
      feed,
      async setTrack(kind, track) {
        await senders.get(kind)?.replaceTrack(track);
      },
      close(unpublish) {
        if (closed) return;
        closed = true;
        connection.close();
        if (unpublish) request({ action: 'unpublish', source }).catch(options.onError);
      },
    };
  } catch (error) {
    closed = true;
    connection.close();
    throw error;
  }
}
