// The camera's send encoding: small enough that WebRTC encodes the very first frame at 200 kbps.
import { describe, expect, it } from 'vitest';
import { cameraScale, FIRST_FRAME_PIXELS, MAX_BITRATE, sendEncoding } from './sendEncoding.ts';

describe('the camera send encoding', () => {
  it('scales a 720p or 1080p camera to at most 320x240 pixels, whatever the encoder rounds', () => {
    for (const [width, height] of [
      [1280, 720],
      [1920, 1080],
      [640, 480],
      [1024, 768],
    ] as const) {
      const scale = cameraScale(width, height);
      const sent = Math.ceil(width / scale) * Math.ceil(height / scale);
      expect(sent).toBeLessThanOrEqual(FIRST_FRAME_PIXELS);
      // And not much smaller than allowed: the picture stays as good as the bitrate lets it be.
      expect(sent).toBeGreaterThan(FIRST_FRAME_PIXELS * 0.95);
    }
  });

  it('leaves a small camera as it is and ignores a size it does not know', () => {
    expect(cameraScale(320, 180)).toBe(1);
    expect(cameraScale(0, 0)).toBe(1);
    expect(sendEncoding('video', null)).toEqual({ maxBitrate: MAX_BITRATE.video });
    expect(sendEncoding('video', { width: 1280 })).toEqual({ maxBitrate: MAX_BITRATE.video });
  });

  it('sends sound at its bitrate only', () => {
    expect(sendEncoding('audio', { width: 1280, height: 720 })).toEqual({ maxBitrate: 64_000 });
    expect(sendEncoding('video', { width: 1280, height: 720 })).toEqual({
      maxBitrate: 200_000,
      scaleResolutionDownBy: 3.47,
    });
  });
});
