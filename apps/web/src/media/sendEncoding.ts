// What each camera line sends to one peer: the live-room spec's bitrates (section 9, second reading:
// 64 kbps of sound, 200 kbps of video per receiving peer) and, for video, a picture small enough for
// that bitrate from the very first frame. WebRTC's encoder drops every frame of a picture larger than
// 320x240 while its target is under 300 kbps (VideoStreamEncoder's initial frame dropping), until it
// has scaled itself down: with a 720p camera that cost a third of a second before the other side saw
// anything. Tiles are about 220 px wide, so the smaller picture loses nothing a person would see.

/** Publishing bitrates per receiving peer (bits per second). */
export const MAX_BITRATE = { audio: 64_000, video: 200_000 } as const;

/** The largest picture WebRTC encodes at once under 300 kbps (width x height, in pixels). */
export const FIRST_FRAME_PIXELS = 320 * 240;

export type SendEncoding = { maxBitrate: number; scaleResolutionDownBy?: number };

/**
 * The scale that brings a camera picture to FIRST_FRAME_PIXELS or below (1 for a small one), in
 * hundredths, the smallest for which even sides rounded up stay within it.
 */
export function cameraScale(width: number, height: number): number {
  if (!(width > 0 && height > 0)) return 1;
  const exact = Math.sqrt((width * height) / FIRST_FRAME_PIXELS);
  if (exact <= 1) return 1;
  let hundredths = Math.ceil(exact * 100);
  const pixels = (scale: number) => Math.ceil(width / scale) * Math.ceil(height / scale);
  while (pixels(hundredths / 100) > FIRST_FRAME_PIXELS) hundredths += 1;
  return hundredths / 100;
}

/** The encoding of a line: audio needs only its bitrate; video its scale too once the size is known. */
export function sendEncoding(
  kind: 'audio' | 'video',
  size: { width?: number | undefined; height?: number | undefined } | null,
): SendEncoding {
  if (kind === 'audio' || size?.width === undefined || size.height === undefined)
    return { maxBitrate: MAX_BITRATE[kind] };
  return { maxBitrate: MAX_BITRATE.video, scaleResolutionDownBy: cameraScale(size.width, size.height) };
}
