// JSON payloads for the bus, which carries bytes. Decoding returns unknown: the receiver parses it with
// the message's zod schema, as every inbound message is parsed at the boundary.

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export function encodeJson(value: unknown): Uint8Array {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError('This value has no JSON form');
  return encoder.encode(text);
}

/** Throws on bytes that are not UTF-8 JSON. */
export function decodeJson(payload: Uint8Array): unknown {
  return JSON.parse(decoder.decode(payload));
}
