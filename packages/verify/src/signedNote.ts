// C2SP signed notes (https://c2sp.org/signed-note), byte for byte as Go's golang.org/x/mod/sumdb/note
// writes and reads them: a text ending in a newline, a blank line, then signature lines
// `— <key name> <base64(4-byte key ID || signature)>`. Parsing refuses what Go's note.Open refuses and
// says where; verification ignores signatures by other keys, as the spec requires (a witness may cosign),
// and fails when the key asked for did not sign or its signature does not match the text.
import { isValidKeyName, keyIdHex, type NoteSigner, type NoteVerifier } from './noteKeys.ts';
import { decodeBase64 } from './strictBase64.ts';

const SIGNATURE_PREFIX = '\u2014 ';
/** Go's note.Open refuses more; a checkpoint has one or a few. */
const MAX_SIGNATURES = 100;

export const NOTE_PROBLEMS = {
  malformed: 'malformed',
  unknownKey: 'unknownKey',
  badSignature: 'badSignature',
} as const;
export type NoteProblem = (typeof NOTE_PROBLEMS)[keyof typeof NOTE_PROBLEMS];

export class NoteError extends Error {
  override name = 'NoteError';
  readonly problem: NoteProblem;

  constructor(problem: NoteProblem, message: string) {
    super(message);
    this.problem = problem;
  }
}

const malformed = (message: string) => new NoteError(NOTE_PROBLEMS.malformed, message);

export type NoteSignature = {
  name: string;
  keyId: number;
  /** The signature bytes after the key ID. */
  signature: Buffer;
};

export type Note = { text: string; signatures: NoteSignature[] };

const lineOf = (message: string, index: number) => message.slice(0, index).split('\n').length;

const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Go's note format takes valid UTF-8 with no control character but the newline. */
function refuseForbiddenCharacters(message: string): void {
  for (let index = 0; index < message.length; index++) {
    const code = message.charCodeAt(index);
    if (code < 0x20 && code !== 0x0a) {
      const hex = code.toString(16).toUpperCase().padStart(4, '0');
      throw malformed(
        `malformed line ${lineOf(message, index)}: character U+${hex} is not allowed in a note`,
      );
    }
  }
  const lone = LONE_SURROGATE.exec(message);
  if (lone) throw malformed(`malformed line ${lineOf(message, lone.index)}: a lone surrogate is not UTF-8`);
}

/** Splits a signed note into its text and signatures without checking them; NoteError names the bad line. */
export function parseNote(message: string): Note {
  refuseForbiddenCharacters(message);
  // The text is separated from the signatures by the last blank line.
  const split = message.lastIndexOf('\n\n');
  if (split < 0) throw malformed('malformed note: no blank line between the text and the signatures');
  const text = message.slice(0, split + 1);
  const block = message.slice(split + 2);
  const firstLine = lineOf(message, split + 2);
  if (block === '') throw malformed(`malformed line ${firstLine}: no signature after the blank line`);
  if (!block.endsWith('\n')) {
    throw malformed(
      `malformed line ${firstLine + block.split('\n').length - 1}: the last line has no newline`,
    );
  }
  const signatures: NoteSignature[] = [];
  const lines = block.slice(0, -1).split('\n');
  if (lines.length > MAX_SIGNATURES)
    throw malformed(`malformed note: more than ${MAX_SIGNATURES} signatures`);
  lines.forEach((line, index) => {
    const where = `malformed line ${firstLine + index}`;
    if (!line.startsWith(SIGNATURE_PREFIX)) {
      throw malformed(`${where}: a signature line starts with "— " (em dash, space)`);
    }
    const rest = line.slice(SIGNATURE_PREFIX.length);
    const space = rest.indexOf(' ');
    const name = space < 0 ? rest : rest.slice(0, space);
    const encoded = space < 0 ? '' : rest.slice(space + 1);
    if (!isValidKeyName(name)) throw malformed(`${where}: "${name}" is not a key name`);
    const bytes = decodeBase64(encoded);
    if (!bytes || bytes.length < 5) {
      throw malformed(`${where}: the signature is not base64 of a key ID and a signature`);
    }
    signatures.push({ name, keyId: bytes.readUInt32BE(0), signature: bytes.subarray(4) });
  });
  return { text, signatures };
}

/** The note of `text` signed by each signer, in order. */
export function signNote(text: string, signers: readonly NoteSigner[]): string {
  if (!text.endsWith('\n')) throw malformed('a note text ends with a newline');
  refuseForbiddenCharacters(text);
  const unnamed = signers.find((signer) => !isValidKeyName(signer.name));
  if (unnamed) throw malformed(`"${unnamed.name}" is not a key name`);
  const message = Buffer.from(text, 'utf8');
  const lines = signers.map((signer) => {
    const keyId = Buffer.alloc(4);
    keyId.writeUInt32BE(signer.keyId);
    const signature = Buffer.concat([keyId, signer.sign(message)]).toString('base64');
    return `${SIGNATURE_PREFIX}${signer.name} ${signature}\n`;
  });
  return `${text}\n${lines.join('')}`;
}

export const describeKey = (name: string, keyId: number) => `${name}+${keyIdHex(keyId)}`;

/**
 * The note, once `verifier`'s signature on it is checked. Signatures by other keys are ignored; NoteError
 * when the note is malformed, not signed by this key, or signed by it over another text.
 */
export function verifyNote(message: string, verifier: NoteVerifier): Note {
  const note = parseNote(message);
  const key = describeKey(verifier.name, verifier.keyId);
  const byKey = note.signatures.filter(
    (signature) => signature.name === verifier.name && signature.keyId === verifier.keyId,
  );
  if (byKey.length === 0) {
    const others = note.signatures.map((signature) => describeKey(signature.name, signature.keyId));
    throw new NoteError(
      NOTE_PROBLEMS.unknownKey,
      `not signed by key ${key} (unknown key): it carries signatures by ${others.join(', ')}`,
    );
  }
  const text = Buffer.from(note.text, 'utf8');
  if (!byKey.every((signature) => verifier.verify(text, signature.signature))) {
    throw new NoteError(
      NOTE_PROBLEMS.badSignature,
      `bad signature: the signature by ${key} does not match the signed text`,
    );
  }
  return note;
}
