// C2SP tlog-checkpoints (https://c2sp.org/tlog-checkpoint): a log's signed tree head as the text of a
// signed note, `<origin>\n<tree size>\n<base64 root hash>\n` and optional extension lines. The server
// signs one per closed session and per day; the verifier reads the size and root to compare with the
// events, then checks the signature against the lab's key.
import { HASH_SIZE } from './merkle.ts';
import { type NoteSigner, type NoteVerifier, parseSignerKey, parseVerifierKey } from './noteKeys.ts';
import {
  NOTE_PROBLEMS,
  NoteError,
  type NoteSignature,
  parseNote,
  signNote,
  verifyNote,
} from './signedNote.ts';
import { decodeBase64 } from './strictBase64.ts';

export type Checkpoint = {
  /** The log's identity, e.g. `lablive.example/labs/12/sessions/345`. */
  origin: string;
  /** How many leaves (events) the root covers. */
  size: number;
  /** The RFC 6962 root hash of those leaves. */
  root: Buffer;
  /** Opaque lines after the root; C2SP advises against them (log monitors cannot audit them). */
  extensions: readonly string[];
};

const malformedLine = (line: number, message: string) =>
  new NoteError(NOTE_PROBLEMS.malformed, `malformed line ${line} of the checkpoint: ${message}`);

const DECIMAL = /^(?:0|[1-9][0-9]*)$/;

/** The checkpoint's note text; throws when a part could not be read back the same. */
export function checkpointText(checkpoint: Checkpoint): string {
  const { origin, size, root, extensions } = checkpoint;
  if (origin === '' || origin.includes('\n')) throw new RangeError('an origin is one non-empty line');
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`a tree size is a whole number: ${size}`);
  if (root.length !== HASH_SIZE) throw new RangeError(`a root hash is ${HASH_SIZE} bytes`);
  if (extensions.some((line) => line === '' || line.includes('\n'))) {
    throw new RangeError('an extension line is one non-empty line');
  }
  return [origin, String(size), root.toString('base64'), ...extensions].map((line) => `${line}\n`).join('');
}

/** Reads a checkpoint's note text (no signatures); NoteError names the malformed line. */
export function parseCheckpointText(text: string): Checkpoint {
  if (!text.endsWith('\n'))
    throw malformedLine(text.split('\n').length, 'the text does not end with a newline');
  const lines = text.slice(0, -1).split('\n');
  const [origin, size, root, ...extensions] = lines;
  if (origin === undefined || origin === '') throw malformedLine(1, 'the origin is empty');
  if (size === undefined || !DECIMAL.test(size) || !Number.isSafeInteger(Number(size))) {
    throw malformedLine(2, `"${size ?? ''}" is not a tree size (decimal digits, no leading zero)`);
  }
  const rootHash = decodeBase64(root ?? '');
  if (!rootHash || rootHash.length !== HASH_SIZE) {
    throw malformedLine(3, `"${root ?? ''}" is not the base64 of a ${HASH_SIZE}-byte root hash`);
  }
  const empty = extensions.indexOf('');
  if (empty >= 0) throw malformedLine(4 + empty, 'an extension line is empty');
  return { origin, size: Number(size), root: rootHash, extensions };
}

/** The signed checkpoint (a signed note) of `checkpoint`, signed with the signer key (text or parsed). */
export function signCheckpoint(checkpoint: Checkpoint, signer: NoteSigner | string): string {
  const key = typeof signer === 'string' ? parseSignerKey(signer) : signer;
  return signNote(checkpointText(checkpoint), [key]);
}

/**
 * The checkpoint a signed note carries and the signatures on it, NOT verified: for reading the size and
 * root while the events stream, before the signature is checked with `verifyCheckpoint`.
 */
export function openCheckpoint(note: string): { checkpoint: Checkpoint; signatures: NoteSignature[] } {
  const { text, signatures } = parseNote(note);
  return { checkpoint: parseCheckpointText(text), signatures };
}

/** The checkpoint, once the verifier's signature on it is checked; NoteError says what is wrong. */
export function verifyCheckpoint(note: string, verifier: NoteVerifier | string): Checkpoint {
  const key = typeof verifier === 'string' ? parseVerifierKey(verifier) : verifier;
  return parseCheckpointText(verifyNote(note, key).text);
}
