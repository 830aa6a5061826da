// How a browser publishes to the media server (provider `janus`): VP8 with three simulcast layers the
// server forwards one of to each viewer (rid 'l' a quarter of the size for thumbnails and poor networks,
// 'm' half, 'h' full for the stage), and descriptions sent whole once ICE gathering is over: the server
// speaks non-trickle SDP, so every candidate must be in the offer or answer itself.
import type { MediaSource } from '@lablive/protocol';

export type SimulcastEncoding = { rid: 'l' | 'm' | 'h'; scaleResolutionDownBy: number; maxBitrate: number };

/** Layers of a camera (1280x720 asked): 320x180 at 100 kbps, 640x360 at 300 kbps, 1280x720 at 900 kbps. */
const CAMERA_LAYERS: readonly SimulcastEncoding[] = [
  { rid: 'h', scaleResolutionDownBy: 1, maxBitrate: 900_000 },
  { rid: 'm', scaleResolutionDownBy: 2, maxBitrate: 300_000 },
  { rid: 'l', scaleResolutionDownBy: 4, maxBitrate: 100_000 },
];

/** Layers of a shared screen: slides need more bits than a face for the same size to stay legible. */
const SCREEN_LAYERS: readonly SimulcastEncoding[] = [
  { rid: 'h', scaleResolutionDownBy: 1, maxBitrate: 1_500_000 },
  { rid: 'm', scaleResolutionDownBy: 2, maxBitrate: 500_000 },
  { rid: 'l', scaleResolutionDownBy: 4, maxBitrate: 150_000 },
];

/** The microphone's bitrate, as the other providers send it (live-room spec, section 9). */
export const AUDIO_MAX_BITRATE = 64_000;

/**
 * The simulcast encodings of a source's video line, HIGHEST first: Janus 1.1 numbers the substreams
 * from the end of the offer's rid list (as its own janus.js offers h, m, l), so substream 2 is the
 * first listed. Listed lowest first, a viewer asking for layer 2 was sent the 160x120 one (measured by
 * `npm run bench -- --only=video`).
 */
export function simulcastEncodings(source: MediaSource): SimulcastEncoding[] {
  return (source === 'camera' ? CAMERA_LAYERS : SCREEN_LAYERS).map((layer) => ({ ...layer }));
}

export type PublishLine = {
  kind: 'audio' | 'video';
  init: { direction: 'sendonly'; sendEncodings: RTCRtpEncodingParameters[] };
};

/** The lines of a publishing connection: a camera sends its microphone too; a screen is video only. */
export function publishLines(source: MediaSource): PublishLine[] {
  const video: PublishLine = {
    kind: 'video',
    init: { direction: 'sendonly', sendEncodings: simulcastEncodings(source) },
  };
  if (source === 'screen') return [video];
  return [
    { kind: 'audio', init: { direction: 'sendonly', sendEncodings: [{ maxBitrate: AUDIO_MAX_BITRATE }] } },
    video,
  ];
}

type Codec = { mimeType: string };

/**
 * The browser's video codecs with VP8 first (the media server's rooms forward VP8 only), then the
 * repair formats (rtx, red, ulpfec), others last; empty when the browser has no VP8.
 */
export function vp8First<C extends Codec>(codecs: readonly C[]): C[] {
  const type = (codec: C) => codec.mimeType.toLowerCase();
  const vp8 = codecs.filter((codec) => type(codec) === 'video/vp8');
  if (vp8.length === 0) return [];
  const repair = codecs.filter((codec) => ['video/rtx', 'video/red', 'video/ulpfec'].includes(type(codec)));
  const rest = codecs.filter((codec) => !vp8.includes(codec) && !repair.includes(codec));
  return [...vp8, ...repair, ...rest];
}

/** Puts VP8 first on a video transceiver where the browser lets a page choose (not every one does). */
export function preferVp8(transceiver: RTCRtpTransceiver): void {
  const capabilities = globalThis.RTCRtpSender?.getCapabilities?.('video');
  if (capabilities === null || capabilities === undefined || !('setCodecPreferences' in transceiver)) return;
  const ordered = vp8First(capabilities.codecs);
  if (ordered.length > 0) transceiver.setCodecPreferences(ordered);
}

/** How long the description waits for ICE gathering before it goes with the candidates it has. */
export const ICE_GATHERING_TIMEOUT_MS = 3_000;

type Gathering = Pick<RTCPeerConnection, 'iceGatheringState' | 'addEventListener' | 'removeEventListener'>;

/** Resolves when ICE gathering completed, or after `timeoutMs` (a slow STUN or TURN server). */
export function iceGathered(connection: Gathering, timeoutMs = ICE_GATHERING_TIMEOUT_MS): Promise<void> {
  if (connection.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      connection.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => {
      if (connection.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, timeoutMs);
    connection.addEventListener('icegatheringstatechange', check);
  });
}
