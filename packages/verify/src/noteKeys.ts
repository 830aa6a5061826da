// Ed25519 keys in the text forms of Go's golang.org/x/mod/sumdb/note and C2SP signed-note
// (https://c2sp.org/signed-note): a verifier key `<name>+<key ID>+<base64(0x01 || public key)>` that a
// lab publishes and an inspector passes to the verifier, and a signer key
// `PRIVATE+KEY+<name>+<key ID>+<base64(0x01 || seed)>` that the server keeps in its configuration. The
// key ID is the first 4 bytes of SHA-256(name || "\n" || 0x01 || public key). Keys made here work with
// Go's note package and the transparency-log tools built on it, and theirs here.
import {
  createPrivateKey,
  createPublicKey,
  hash,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { decodeBase64 } from './strictBase64.ts';

/** The signed-note signature type of Ed25519. */
const ED25519 = 0x01;
const ED25519_SIZE = 32;
// DER headers of an Ed25519 key (RFC 8410), so node:crypto takes the raw 32 bytes the note format carries.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const SIGNER_PREFIX = 'PRIVATE+KEY+';

export class NoteKeyError extends Error {
  override name = 'NoteKeyError';
}

/** A public key that checks signatures made under its name. */
export type NoteVerifier = {
  name: string;
  keyId: number;
  publicKey: Buffer;
  /** The verifier key text. */
  text: string;
  verify(message: Uint8Array, signature: Uint8Array): boolean;
};

/** A private key that signs under its name; `verifierKey` is the text to publish. */
export type NoteSigner = {
  name: string;
  keyId: number;
  verifierKey: string;
  sign(message: Uint8Array): Buffer;
};

// Go's note.isValidName: non-empty, no Unicode White_Space, no plus; here also no lone surrogate
// (valid UTF-8 in Go's terms).
const INVALID_NAME = /[\p{White_Space}+]|[\uD800-\uDFFF]/u;

export function isValidKeyName(name: string): boolean {
  return name.length > 0 && !INVALID_NAME.test(name);
}

/** The 4-byte key ID as the note formats write it: 8 lowercase hex digits. */
export function keyIdHex(keyId: number): string {
  return keyId.toString(16).padStart(8, '0');
}

/** First 4 bytes (big-endian) of SHA-256(name || "\n" || 0x01 || public key). */
export function noteKeyId(name: string, publicKey: Uint8Array): number {
  const input = Buffer.concat([Buffer.from(`${name}\n`, 'utf8'), Buffer.from([ED25519]), publicKey]);
  return hash('sha256', input, 'buffer').readUInt32BE(0);
}

function ed25519PublicKey(raw: Uint8Array): KeyObject {
  return createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, raw]), format: 'der', type: 'spki' });
}

function ed25519PrivateKey(seed: Uint8Array): KeyObject {
  return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

function rawPublicKey(privateKey: KeyObject): Buffer {
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return spki.subarray(spki.length - ED25519_SIZE);
}

function verifierKeyText(name: string, publicKey: Uint8Array): string {
  const encoded = Buffer.concat([Buffer.from([ED25519]), publicKey]).toString('base64');
  return `${name}+${keyIdHex(noteKeyId(name, publicKey))}+${encoded}`;
}

/** Splits at the first `+`: names have none, but base64 key data may. */
function chop(text: string): [string, string] {
  const at = text.indexOf('+');
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

/** Reads `<name>+<8 hex>+<base64>`: the name, the key ID written and the Ed25519 key bytes. */
function readKeyParts(text: string, what: string): { name: string; keyId: number; key: Buffer } {
  const [name, afterName] = chop(text);
  const [hex, encoded] = chop(afterName);
  const form = `${what} is <name>+<8 hex digits>+<base64 key>`;
  if (!isValidKeyName(name))
    throw new NoteKeyError(`${form}: the name "${name}" is empty or has a space or +`);
  if (!/^[0-9a-fA-F]{8}$/.test(hex)) throw new NoteKeyError(`${form}: "${hex}" is not 8 hex digits`);
  const bytes = decodeBase64(encoded);
  if (!bytes || bytes.length === 0) throw new NoteKeyError(`${form}: the key is not base64`);
  if (bytes[0] !== ED25519) {
    throw new NoteKeyError(
      `${what}: unknown signature type 0x${(bytes[0] ?? 0).toString(16)} (Ed25519 is 0x01)`,
    );
  }
  const key = bytes.subarray(1);
  if (key.length !== ED25519_SIZE) {
    throw new NoteKeyError(`${what}: an Ed25519 key is ${ED25519_SIZE} bytes, this one ${key.length}`);
  }
  return { name, keyId: Number.parseInt(hex, 16), key };
}

/** A verifier from its text; throws NoteKeyError saying what is wrong with it. */
export function parseVerifierKey(text: string): NoteVerifier {
  const { name, keyId, key } = readKeyParts(text.trim(), 'a verifier key');
  const expected = noteKeyId(name, key);
  if (keyId !== expected) {
    throw new NoteKeyError(
      `the verifier key's ID ${keyIdHex(keyId)} is not its key's (${keyIdHex(expected)}): the key text was altered`,
    );
  }
  const publicKey = ed25519PublicKey(key);
  return {
    name,
    keyId,
    publicKey: key,
    text: verifierKeyText(name, key),
    verify: (message, signature) => signature.length === 64 && verify(null, message, publicKey, signature),
  };
}

/** A signer from the `PRIVATE+KEY+...` text; throws NoteKeyError saying what is wrong with it. */
export function parseSignerKey(text: string): NoteSigner {
  const trimmed = text.trim();
  if (!trimmed.startsWith(SIGNER_PREFIX)) {
    throw new NoteKeyError(`a signer key starts with ${SIGNER_PREFIX}`);
  }
  const { name, keyId, key: seed } = readKeyParts(trimmed.slice(SIGNER_PREFIX.length), 'a signer key');
  const privateKey = ed25519PrivateKey(seed);
  const publicKey = rawPublicKey(privateKey);
  // The ID is of the public key, so it can be checked only once the public key is derived from the seed.
  if (keyId !== noteKeyId(name, publicKey)) {
    throw new NoteKeyError(`the signer key's ID ${keyIdHex(keyId)} does not match its key`);
  }
  return {
    name,
    keyId,
    verifierKey: verifierKeyText(name, publicKey),
    sign: (message) => sign(null, message, privateKey),
  };
}

/**
 * A new key pair named `name` (for a log, the checkpoint's origin: C2SP asks that the key name match it).
 * `seed` is the 32-byte Ed25519 private key, random unless given (tests pass one to stay deterministic).
 */
export function generateNoteKeys(
  name: string,
  seed: Uint8Array = randomBytes(ED25519_SIZE),
): { signerKey: string; verifierKey: string } {
  if (!isValidKeyName(name))
    throw new NoteKeyError(`a key name is not empty and has no space or +: "${name}"`);
  if (seed.length !== ED25519_SIZE) throw new NoteKeyError(`an Ed25519 seed is ${ED25519_SIZE} bytes`);
  const publicKey = rawPublicKey(ed25519PrivateKey(seed));
  const keyId = keyIdHex(noteKeyId(name, publicKey));
  const encodedSeed = Buffer.concat([Buffer.from([ED25519]), seed]).toString('base64');
  return {
    signerKey: `${SIGNER_PREFIX}${name}+${keyId}+${encodedSeed}`,
    verifierKey: verifierKeyText(name, publicKey),
  };
}

/** Whether two verifier keys are the same key (name, key ID and public key). */
export const sameKey = (a: NoteVerifier, b: NoteVerifier) =>
  a.name === b.name && a.keyId === b.keyId && a.publicKey.equals(b.publicKey);
