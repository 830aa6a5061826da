// One subscription to a feed of the media server (provider `janus`): the server offers (its SDP carries
// its candidates), this browser answers once ICE gathering is over, and a receiving RTCPeerConnection
// plays the feed. The MediaStream is this session's own (not the server's stream id, shared by every
// feed), so each feed is a distinct stream for the tiles and the speakers. Its simulcast layer changes
// with a `layer` request; its statistics feed the layer policy and the decoded-frame count.
import type { MediaLayer, PublishedFeed } from '@lablive/protocol';
import { iceGathered } from './janusEncodings.ts';
import { type VideoReading, videoReading } from './layerPolicy.ts';
import type { MediaRequests } from './mediaSession.ts';
import { framesDecoded } from './videoStats.ts';

export type JanusSubscriber = {
  readonly feed: PublishedFeed;
  /** The feed's audio and video once a track arrived, else null. */
  stream(): MediaStream | null;
  /** The layer the server confirmed last. */
  layer(): MediaLayer;
  setLayer(layer: MediaLayer): Promise<void>;
  /** Whether the server still knows the subscription (false: it forgot it, subscribe again). */
  probe(): Promise<boolean>;
  reading(at: number): Promise<VideoReading | null>;
  framesDecoded(): Promise<number>;
  close(unsubscribe: boolean): void;
};

export type SubscribeOptions = {
  feed: PublishedFeed;
  layer: MediaLayer;
  configuration: RTCConfiguration;
  request: MediaRequests['request'];
  /** A track arrived. */
  onTrack: () => void;
  /** The connection failed (the network, or the media server lost): subscribe again. */
  onFailed: () => void;
  /** Whether an error of a request means the server forgot the subscription (media_not_found). */
  isGone: (error: unknown) => boolean;
  onError: (error: unknown) => void;
};

export async function subscribeToJanus(options: SubscribeOptions): Promise<JanusSubscriber> {
  const { feed, request } = options;
  const { subscription, offer } = await request({
    action: 'subscribe',
    feed: feed.feed,
    layer: options.layer,
  });
  const connection = new RTCPeerConnection(options.configuration);
  const stream = new MediaStream();
  /** The layer the media server was last told (confirmed). */
  let layer = options.layer;
  /** The layer last asked of setLayer; requests follow it one at a time. */
  let wanted = options.layer;
  let layerChange: Promise<void> = Promise.resolve();
  let closed = false;
  connection.addEventListener('track', (event) => {
    stream.addTrack(event.track);
    options.onTrack();
  });
  try {
    await connection.setRemoteDescription({ type: 'offer', sdp: offer });
    await connection.setLocalDescription(await connection.createAnswer());
    await iceGathered(connection);
    const answer = connection.localDescription?.sdp;
    if (answer === undefined) throw new Error('The receiving connection has no local description.');
    await request({ action: 'start', subscription, answer });
  } catch (error) {
    closed = true;
    connection.close();
    request({ action: 'unsubscribe', subscription }).catch(() => undefined);
    throw error;
  }
  connection.addEventListener('connectionstatechange', () => {
    if (!closed && connection.connectionState === 'failed') options.onFailed();
  });
  return {
    feed,
    stream: () => (stream.getTracks().length > 0 ? stream : null),
    layer: () => layer,
    setLayer(next) {
      wanted = next;
      // One request at a time, each for the latest layer wanted: two in flight could be applied in the
      // other order (the server handles each message on its own), leaving the media server on a layer
      // this side no longer asks for, and nothing would ask again.
      layerChange = layerChange
        .catch(() => undefined)
        .then(async () => {
          if (closed || wanted === layer) return;
          const target = wanted;
          await request({ action: 'layer', subscription, layer: target });
          layer = target;
        });
      return layerChange;
    },
    async probe() {
      try {
        await request({ action: 'layer', subscription, layer });
        return true;
      } catch (error) {
        if (options.isGone(error)) return false;
        throw error;
      }
    },
    async reading(at) {
      if (closed) return null;
      return videoReading(await connection.getStats(), at);
    },
    async framesDecoded() {
      if (closed) return 0;
      return framesDecoded(await connection.getStats());
    },
    close(unsubscribe) {
      if (closed) return;
      closed = true;
      connection.close();
      for (const track of stream.getTracks()) track.stop();
      if (unsubscribe) request({ action: 'unsubscribe', subscription }).catch(options.onError);
    },
  };
}
