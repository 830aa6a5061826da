// Event ids a retry reproduces: a uuid v5 (RFC 9562: SHA-1 of a namespace and a name) of the room, the
// command's key and the event's index. Written here rather than taken from the uuid package, whose v5
// parses the namespace and re-encodes the name on every call: a room host makes one per event.
import { createHash } from 'node:crypto';

export type UuidNamespace = Buffer;

export function uuidNamespace(uuid: string): UuidNamespace {
  const bytes = Buffer.from(uuid.replaceAll('-', ''), 'hex');
  if (bytes.length !== 16) throw new TypeError(`${uuid} is not a uuid`);
  return bytes;
}

export function uuidV5(name: string, namespace: UuidNamespace): string {
  const hash = createHash('sha1').update(namespace).update(name, 'utf8').digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.toString('hex', 0, 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
