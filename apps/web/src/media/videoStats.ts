// Decoded video frames of a peer connection, from getStats(): how the end-to-end tests and the
// benchmark tell that remote video really plays. The report's entries are parsed, not trusted.
import { z } from 'zod';

const inboundVideoSchema = z.object({
  type: z.literal('inbound-rtp'),
  kind: z.literal('video'),
  framesDecoded: z.number().nonnegative(),
  trackIdentifier: z.string().optional(),
});

/**
 * Frames decoded so far on the inbound video streams of a stats report; with `trackIds`, only on those
 * tracks (the camera, not a shared screen).
 */
export function framesDecoded(report: ReadonlyMap<string, unknown>, trackIds?: ReadonlySet<string>): number {
  let frames = 0;
  for (const entry of report.values()) {
    const parsed = inboundVideoSchema.safeParse(entry);
    if (!parsed.success) continue;
    const track = parsed.data.trackIdentifier;
    if (trackIds !== undefined && (track === undefined || !trackIds.has(track))) continue;
    frames += parsed.data.framesDecoded;
  }
  return frames;
}
