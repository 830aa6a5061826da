// The payload a socket's flush writes: its frames of the turn as one WebSocket message. In a flush pass
// the sockets of one room usually hold the very same frames in the same order (the fan-out hands each
// of them the same frame strings), so the pass builds each distinct payload once, joined and encoded to
// UTF-8, and every socket holding those frames writes that one Buffer: ws sends a Buffer as it is (a
// server's frames are not masked), so a socket then costs only its frame header and its write.
export type PayloadCache = {
  /** The payload of `frames`, shared with every socket of the pass that holds the same frames. */
  payloadFor(frames: readonly string[]): Buffer;
  /** Ends the pass: the payloads are not kept beyond it. */
  clear(): void;
};

type Entry = { frames: readonly string[]; payload: Buffer };

/**
 * Lists kept per key. Past a few, the sockets behind that key hold lists of their own (each a message
 * of its own before the room's), and remembering more would only lengthen every lookup.
 */
const PER_KEY = 8;

/** One frame is sent as it is; several go as a JSON array of messages (docs/protocol.md). */
export function encodePayload(frames: readonly string[]): Buffer {
  return Buffer.from(frames.length === 1 ? (frames[0] ?? '') : `[${frames.join(',')}]`);
}

function sameFrames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  // The strings are usually the same objects, which compare without reading their characters.
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function createPayloadCache(): PayloadCache {
  // Looked up by the last frame: a socket that holds the room's frames and then its own (its command's
  // acknowledgement) lands elsewhere, so the lists that share a key are few and the room's is found
  // at once however many such sockets come between.
  const byLastFrame = new Map<string, Entry[]>();
  return {
    payloadFor(frames) {
      const key = frames[frames.length - 1] ?? '';
      const entries = byLastFrame.get(key);
      const found = entries?.find((entry) => sameFrames(entry.frames, frames));
      if (found) return found.payload;
      const payload = encodePayload(frames);
      if (entries) {
        if (entries.length < PER_KEY) entries.push({ frames, payload });
      } else byLastFrame.set(key, [{ frames, payload }]);
      return payload;
    },
    clear() {
      byLastFrame.clear();
    },
  };
}
