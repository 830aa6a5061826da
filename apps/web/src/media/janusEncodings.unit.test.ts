// How a browser publishes to the media server: simulcast layers, VP8 first, descriptions sent once ICE
// gathering is over (or a bounded wait).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { iceGathered, publishLines, simulcastEncodings, vp8First } from './janusEncodings.ts';

describe('simulcast encodings', () => {
  it('sends a camera in three layers h, m, l (highest first, as Janus numbers them) at full, half and a quarter size', () => {
    const layers = simulcastEncodings('camera');
    expect(layers.map((layer) => layer.rid)).toEqual(['h', 'm', 'l']);
    expect(layers.map((layer) => layer.scaleResolutionDownBy)).toEqual([1, 2, 4]);
    expect(layers.map((layer) => layer.maxBitrate)).toEqual([900_000, 300_000, 100_000]);
  });

  it('gives a screen more bits than a camera at each layer', () => {
    const camera = simulcastEncodings('camera');
    const screen = simulcastEncodings('screen');
    expect(screen.every((layer, index) => layer.maxBitrate > (camera[index]?.maxBitrate ?? Infinity))).toBe(
      true,
    );
  });

  it('publishes the microphone with the camera, and a screen without sound', () => {
    const camera = publishLines('camera');
    expect(camera.map((line) => line.kind)).toEqual(['audio', 'video']);
    expect(camera[0]?.init).toEqual({ direction: 'sendonly', sendEncodings: [{ maxBitrate: 64_000 }] });
    expect(camera[1]?.init.sendEncodings).toHaveLength(3);
    expect(publishLines('screen').map((line) => line.kind)).toEqual(['video']);
  });

  it('hands out copies: a caller changing one cannot change the next', () => {
    const first = simulcastEncodings('camera');
    (first[0] as { maxBitrate: number }).maxBitrate = 1;
    expect(simulcastEncodings('camera')[0]?.maxBitrate).toBe(900_000);
  });
});

describe('codec order', () => {
  it('puts VP8 first, then the repair formats, then the others', () => {
    const codecs = ['video/H264', 'video/rtx', 'video/VP9', 'video/VP8', 'video/red', 'video/AV1'].map(
      (mimeType) => ({ mimeType }),
    );
    expect(vp8First(codecs).map((codec) => codec.mimeType)).toEqual([
      'video/VP8',
      'video/rtx',
      'video/red',
      'video/H264',
      'video/VP9',
      'video/AV1',
    ]);
    expect(vp8First([{ mimeType: 'video/H264' }])).toEqual([]);
  });
});

describe('waiting for ICE gathering', () => {
  afterEach(() => vi.useRealTimers());

  function fakeConnection(state: RTCIceGatheringState) {
    const target = new EventTarget();
    return Object.assign(target, { iceGatheringState: state });
  }

  it('resolves at once when gathering is complete, and when it completes', async () => {
    await iceGathered(fakeConnection('complete'));
    const connection = fakeConnection('gathering');
    const gathered = iceGathered(connection, 60_000);
    connection.iceGatheringState = 'complete';
    connection.dispatchEvent(new Event('icegatheringstatechange'));
    await gathered;
  });

  it('gives up waiting after the timeout, so a slow STUN server delays the offer by 3 s at most', async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    void iceGathered(fakeConnection('gathering')).then(settled);
    await vi.advanceTimersByTimeAsync(2_900);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toHaveBeenCalled();
  });
});
