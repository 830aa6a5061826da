// Event ids a retry reproduces: a uuid v5 (RFC 9562: SHA-1 of a namespace and a name) of the room, the
// command's key and the event's index. Written here rather than taken from the uuid package, whose v5
// parses the namespace and re-encodes the name on every call: a room host makes one per event.
import { hash } from 'node:crypto';

export type UuidNamespace = Buffer;

export function uuidNamespace(uuid: string): UuidNamespace {
  const bytes = Buffer.from(uuid.replaceAll('-', ''), 'hex');
  if (bytes.length !== 16) throw new TypeError(`${uuid} is not a uuid`);
  return bytes;
}

export function uuidV5(name: string, namespace: UuidNamespace): string {
  // One-shot crypto.hash: a createHash object per id cost three times as much.
  const hex = hash('sha1', Buffer.concat([namespace, Buffer.from(name, 'utf8')]), 'hex');
  // Version 5 in the 13th digit; the variant (binary 10) in the two high bits of the 17th.
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
