// Verifies an export package and names the first problem precisely. While the file streams, each line
// must be canonical JSON, come in seq order, and hash to the hash recorded for it; at the end, the events
// must be as many as the signed checkpoint says and hash to its root, the signature must hold, and the
// key must be the lab's when the inspector gave it. With an earlier export of the same log, an RFC 9162
// consistency proof from this export's events shows whether it extends the earlier one.

import { canonicalJsonWithAndWithout } from './canonicalJson.ts';
import { type Checkpoint, openCheckpoint } from './checkpoint.ts';
import { ExportFormatError, type ExportHeader, parseHeader } from './exportPackage.ts';
import { leafHashOfLine, recordsHash, scanEventLine } from './fastEventLine.ts';
import {
  type FileLine,
  type LineBatch,
  linesFrom,
  linesIn,
  lineText,
  MAX_LINE_BYTES,
  readLineBatches,
  UNREADABLE_LINE,
} from './lineBatches.ts';
import { LeafHashStore, leafHash, MerkleTreeBuilder } from './merkle.ts';
import { consistencyProof, verifyConsistency } from './merkleProofs.ts';
import { keyIdHex, type NoteVerifier, parseVerifierKey } from './noteKeys.ts';
import { describeKey, NOTE_PROBLEMS, NoteError, verifyNote } from './signedNote.ts';
import {
  type ExtensionResult,
  KEY_SOURCES,
  type KeyInfo,
  PROBLEMS,
  type Problem,
  type VerifyResult,
} from './verifyResult.ts';

export type VerifyOptions = {
  /** The lab's published verifier key. Without it the package's own key is used, and the result says so. */
  trustedKey?: string | undefined;
  /** The path of an earlier export of the same log that this one should extend. */
  extendsPackage?: string | undefined;
};

/** The file could not be read at all (missing, a directory, no permission): not a verdict on its content. */
export class UnreadablePackageError extends Error {
  override name = 'UnreadablePackageError';
  readonly path: string;

  constructor(path: string, cause: Error) {
    super(`cannot read ${path}: ${cause.message}`, { cause });
    this.path = path;
  }
}

const isSystemError = (error: unknown): error is NodeJS.ErrnoException =>
  error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';

/** What one pass over a package found, before the checkpoint's signature is checked. */
type Scan = {
  header: ExportHeader | null;
  checkpoint: Checkpoint | null;
  packageKey: NoteVerifier | null;
  /** Events that passed every line check. */
  events: number;
  /** The root of all the events, when every line passed. */
  root: Buffer | null;
  leaves: LeafHashStore | null;
  problem: Problem | null;
};

const where = (line: number) => `Line ${line} (where event ${line - 1} belongs)`;

function headerProblem(text: FileLine, scan: Scan): Problem | null {
  const line = 1;
  if (typeof text !== 'string') {
    return { code: PROBLEMS.badHeader, line, message: 'The header (line 1) is not readable text.' };
  }
  let header: ExportHeader;
  try {
    header = parseHeader(text);
  } catch (error) {
    if (!(error instanceof ExportFormatError)) throw error;
    return {
      code: PROBLEMS.badHeader,
      line,
      message: `Not a LabLive export package, or its first line was altered: ${error.message}.`,
    };
  }
  scan.header = header;
  try {
    scan.checkpoint = openCheckpoint(header.checkpoint).checkpoint;
  } catch (error) {
    if (!(error instanceof NoteError)) throw error;
    return {
      code: PROBLEMS.badCheckpoint,
      line,
      message: `The header's signed checkpoint cannot be read (${error.message}): it was altered.`,
    };
  }
  try {
    scan.packageKey = parseVerifierKey(header.key);
  } catch (error) {
    return {
      code: PROBLEMS.badKey,
      line,
      message: `The header's key cannot be read: ${(error as Error).message}.`,
    };
  }
  if (scan.checkpoint.origin !== header.origin) {
    return {
      code: PROBLEMS.originMismatch,
      line,
      message: `The header's origin "${header.origin}" is not the signed checkpoint's "${scan.checkpoint.origin}": the header was altered.`,
    };
  }
  return null;
}

function seqOf(text: FileLine): number | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const seq = (JSON.parse(text) as { seq?: unknown } | null)?.seq;
    return typeof seq === 'number' ? seq : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Says what a seq that is not the expected one means, reading on through the rest of the file: a pair
 * swapped, an event moved, events missing, or one repeated. Only runs once a problem is found.
 */
async function sequenceProblem(
  seq: number,
  expected: number,
  line: number,
  rest: AsyncIterable<FileLine>,
): Promise<Problem> {
  const previous = expected === 1 ? 'the header' : `event ${expected - 1}`;
  if (seq < expected) {
    return {
      code: PROBLEMS.outOfOrder,
      line,
      events: [expected - 1, seq],
      message: `Events ${expected - 1} and ${seq} are out of order: line ${line}, where event ${expected} belongs, holds event ${seq} again (it was at line ${seq + 1}).`,
    };
  }
  let next: number | undefined;
  let foundAt: number | undefined;
  let gapSeenLater = false;
  let current = line;
  for await (const text of rest) {
    current += 1;
    const later = seqOf(text);
    if (current === line + 1) next = later;
    if (later === expected) {
      foundAt = current;
      break;
    }
    if (later !== undefined && later > expected && later < seq) gapSeenLater = true;
  }
  if (next === expected && seq === expected + 1) {
    return {
      code: PROBLEMS.outOfOrder,
      line,
      events: [expected, seq],
      message: `Events ${expected} and ${seq} are swapped: line ${line} holds event ${seq} and line ${line + 1} event ${expected}.`,
    };
  }
  if (foundAt !== undefined) {
    return {
      code: PROBLEMS.outOfOrder,
      line,
      events: [expected, seq],
      message: `Events ${expected} and ${seq} are out of order: event ${expected} is at line ${foundAt}, but event ${seq} comes at line ${line}, after ${previous}.`,
    };
  }
  if (seq === expected + 1 || gapSeenLater) {
    return {
      code: PROBLEMS.missingEvents,
      line,
      events: [expected],
      message: `Event ${expected} is missing: event ${seq} follows ${previous} at line ${line}.`,
    };
  }
  return {
    code: PROBLEMS.missingEvents,
    line,
    events: [expected, seq - 1],
    message: `Events ${expected} to ${seq - 1} are missing: event ${seq} follows ${previous} at line ${line}.`,
  };
}

/**
 * The fast path (fastEventLine.ts): the leaf of a line that is certainly canonical, in order and matching
 * its recorded hash; null leaves the line to `checkEventLine`.
 */
function acceptedLeaf(batch: LineBatch, index: number, expected: number): Buffer | null {
  const start = batch.bounds[2 * index] ?? -1;
  const end = batch.bounds[2 * index + 1] ?? -1;
  if (!batch.utf8 || start < 0) return null;
  const found = scanEventLine(batch.bytes, start, end);
  if (!found || found.seq !== expected) return null;
  const leaf = leafHashOfLine(batch.bytes, start, end, found);
  return recordsHash(batch.bytes, found, leaf) ? leaf : null;
}

/**
 * The exact checks of one event line, on its text: every line the fast path declines, which is every
 * line with a problem. Returns the event's leaf hash, or the problem, or the seq it found where another
 * was expected.
 */
function checkEventLine(text: FileLine, line: number, expected: number): Buffer | Problem | number {
  if (typeof text !== 'string') {
    return text.unreadable === UNREADABLE_LINE.notUtf8
      ? {
          code: PROBLEMS.notUtf8,
          line,
          message: `${where(line)} is not UTF-8 text: the file was altered there.`,
        }
      : {
          code: PROBLEMS.lineTooLong,
          line,
          message: `${where(line)} is longer than ${MAX_LINE_BYTES / 1024 / 1024} MiB, no export line is: the file was altered there.`,
        };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const what = text === '' ? 'is empty' : 'is not JSON';
    return {
      code: PROBLEMS.notJson,
      line,
      message: `${where(line)} ${what}: the file was altered there.`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      code: PROBLEMS.notJson,
      line,
      message: `${where(line)} is not a JSON object: the file was altered there.`,
    };
  }
  const event = value as Record<string, unknown>;
  const seq = event.seq;
  const validSeq = typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 1;
  let forms: { whole: string; without: string } | null = null;
  try {
    forms = canonicalJsonWithAndWithout(event, 'hash');
  } catch {
    // A lone surrogate escaped in a string: JSON, but no canonical form; reported just below.
  }
  if (forms?.whole !== text) {
    const label = validSeq ? `Line ${line} (event ${seq})` : where(line);
    return {
      code: PROBLEMS.notCanonical,
      line,
      ...(validSeq ? { events: [seq] } : {}),
      message: `${label} is not written the way the exporter writes events (canonical JSON, RFC 8785): the file was altered there.`,
    };
  }
  if (!validSeq) {
    return {
      code: PROBLEMS.badSeq,
      line,
      message: `${where(line)} has no valid seq number: the file was altered there.`,
    };
  }
  if (seq !== expected) return seq;
  const hash = leafHash(forms.without);
  if (event.hash !== hash.toString('base64')) {
    const what =
      typeof event.hash === 'string'
        ? 'it no longer matches the hash recorded when it was logged'
        : 'it has no recorded hash';
    return {
      code: PROBLEMS.alteredEvent,
      line,
      events: [expected],
      message: `Event ${expected} was altered (line ${line}): ${what}.`,
    };
  }
  return hash;
}

async function scanPackage(path: string, keepLeaves: boolean): Promise<Scan> {
  const scan: Scan = {
    header: null,
    checkpoint: null,
    packageKey: null,
    events: 0,
    root: null,
    leaves: keepLeaves ? new LeafHashStore() : null,
    problem: null,
  };
  const tree = new MerkleTreeBuilder();
  const batches = readLineBatches(path)[Symbol.asyncIterator]();
  let line = 0;
  try {
    for (let next = await batches.next(); !next.done; next = await batches.next()) {
      const batch = next.value;
      const count = linesIn(batch);
      for (let index = 0; index < count; index++) {
        line += 1;
        if (line === 1) {
          scan.problem = headerProblem(lineText(batch, index), scan);
          if (scan.problem) return scan;
          continue;
        }
        const expected = tree.size + 1;
        const leaf = acceptedLeaf(batch, index, expected);
        if (leaf) {
          tree.append(leaf);
          scan.leaves?.push(leaf);
          continue;
        }
        const checked = checkEventLine(lineText(batch, index), line, expected);
        if (typeof checked === 'number') {
          scan.events = tree.size;
          scan.problem = await sequenceProblem(checked, expected, line, linesFrom(batch, index + 1, batches));
          return scan;
        }
        if ('code' in checked) {
          scan.events = tree.size;
          scan.problem = checked;
          return scan;
        }
        tree.append(checked);
        scan.leaves?.push(checked);
      }
    }
  } catch (error) {
    if (isSystemError(error)) throw new UnreadablePackageError(path, error);
    throw error;
  } finally {
    await batches.return?.(undefined);
  }
  if (line === 0) {
    scan.problem = { code: PROBLEMS.emptyFile, message: 'The file is empty: it is not an export package.' };
    return scan;
  }
  scan.events = tree.size;
  scan.root = tree.root();
  return scan;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The end checks: size, root, signature, and the key against the trusted one. */
function sealProblem(scan: Scan, trusted: NoteVerifier | null): Problem | null {
  const { header, checkpoint, packageKey, root } = scan;
  if (!header || !checkpoint || !packageKey || !root) throw new Error('unreachable: a scan without problem');
  if (scan.events !== checkpoint.size) {
    const missing = checkpoint.size - scan.events;
    return {
      code: PROBLEMS.sizeMismatch,
      message:
        `The package holds ${plural(scan.events, 'event')} but its signed checkpoint covers ${checkpoint.size}: ` +
        (missing > 0
          ? `${plural(missing, 'event')} at the end ${missing === 1 ? 'was' : 'were'} removed.`
          : `${plural(-missing, 'event')} ${missing === -1 ? 'was' : 'were'} added after it was signed.`),
    };
  }
  if (!root.equals(checkpoint.root)) {
    return {
      code: PROBLEMS.rootMismatch,
      message:
        'The events do not hash to the signed root: altered, and the recorded hashes were rewritten too ' +
        '(each event matches the hash written beside it, but not the log that was signed).',
    };
  }
  const key = describeKey(packageKey.name, packageKey.keyId);
  try {
    verifyNote(header.checkpoint, packageKey);
  } catch (error) {
    if (!(error instanceof NoteError)) throw error;
    return error.problem === NOTE_PROBLEMS.unknownKey
      ? {
          code: PROBLEMS.unknownKey,
          line: 1,
          message: `The checkpoint is not signed by the package's key ${key} (unknown key): ${error.message}.`,
        }
      : {
          code: PROBLEMS.badSignature,
          line: 1,
          message: `The checkpoint's signature by ${key} is not valid (bad signature): the checkpoint was altered after it was signed.`,
        };
  }
  if (trusted && !sameKey(trusted, packageKey)) {
    return {
      code: PROBLEMS.untrustedKey,
      line: 1,
      message: `The package is signed by key ${key}, not by the key you gave (${describeKey(trusted.name, trusted.keyId)}): refused.`,
    };
  }
  return null;
}

const sameKey = (a: NoteVerifier, b: NoteVerifier) =>
  a.name === b.name && a.keyId === b.keyId && a.publicKey.equals(b.publicKey);

function keyInfo(key: NoteVerifier | null, trusted: NoteVerifier | null): KeyInfo | null {
  if (!key) return null;
  const source = trusted && sameKey(trusted, key) ? KEY_SOURCES.trusted : KEY_SOURCES.package;
  return { text: key.text, name: key.name, id: keyIdHex(key.keyId), source };
}

type Verified = { result: VerifyResult; scan: Scan };

async function verifyOne(path: string, trusted: NoteVerifier | null, keepLeaves: boolean): Promise<Verified> {
  const scan = await scanPackage(path, keepLeaves);
  const problem = scan.problem ?? sealProblem(scan, trusted);
  const result: VerifyResult = {
    verified: problem === null,
    package: path,
    kind: scan.header?.kind ?? null,
    origin: scan.header?.origin ?? null,
    createdAt: scan.header?.createdAt ?? null,
    events: scan.events,
    checkpoint: scan.checkpoint
      ? { size: scan.checkpoint.size, root: scan.checkpoint.root.toString('base64') }
      : null,
    root: scan.root?.toString('base64') ?? null,
    key: keyInfo(scan.packageKey, trusted),
    problem,
    extends: null,
  };
  return { result, scan };
}

function firstDifference(earlier: LeafHashStore, later: LeafHashStore, size: number): number | null {
  for (let index = 0; index < size; index++) {
    const a = earlier.at(index);
    const b = later.at(index);
    if (!a || !b || !a.equals(b)) return index;
  }
  return null;
}

/** Whether `later` (verified, its leaves kept) extends the export at `earlierPath`. */
async function extensionProblem(
  later: Verified,
  earlierPath: string,
  trusted: NoteVerifier | null,
  extension: ExtensionResult,
): Promise<Problem | null> {
  const earlier = await verifyOne(earlierPath, trusted, true);
  const { checkpoint: old, packageKey: oldKey, leaves: oldLeaves } = earlier.scan;
  extension.events = old?.size ?? null;
  extension.root = old?.root.toString('base64') ?? null;
  if (earlier.result.problem) {
    return {
      code: PROBLEMS.earlierNotVerified,
      message: `The earlier export ${earlierPath} does not verify itself: ${earlier.result.problem.message}`,
    };
  }
  const { checkpoint: current, packageKey: currentKey, leaves: currentLeaves } = later.scan;
  if (!old || !oldKey || !oldLeaves || !current || !currentKey || !currentLeaves) {
    throw new Error('unreachable: verified scans without their checkpoint, key or leaves');
  }
  if (!sameKey(oldKey, currentKey)) {
    return {
      code: PROBLEMS.differentKey,
      message: `The two exports are signed by different keys (${describeKey(oldKey.name, oldKey.keyId)} for the earlier, ${describeKey(currentKey.name, currentKey.keyId)} for this one): one log is signed by one key.`,
    };
  }
  if (old.origin !== current.origin) {
    return {
      code: PROBLEMS.differentLog,
      message: `The two exports are of different logs ("${old.origin}" and "${current.origin}"): one cannot extend the other.`,
    };
  }
  if (old.size > current.size) {
    return {
      code: PROBLEMS.earlierIsLonger,
      message: `The earlier export has ${plural(old.size, 'event')} and this one ${current.size}: this export does not extend it.`,
    };
  }
  const proof = consistencyProof(currentLeaves, old.size);
  extension.proofHashes = proof.length;
  if (verifyConsistency(old.size, current.size, proof, old.root, current.root)) {
    extension.extended = true;
    return null;
  }
  extension.extended = false;
  const differs = firstDifference(oldLeaves, currentLeaves, old.size);
  return {
    code: PROBLEMS.notAnExtension,
    ...(differs === null ? {} : { line: differs + 2, events: [differs + 1] }),
    message:
      `This export does NOT extend the earlier one: its first ${plural(old.size, 'event')} do not hash to the earlier signed root` +
      (differs === null ? '.' : `; event ${differs + 1} differs (history was rewritten).`),
  };
}

/**
 * Verifies the package at `path`. Throws UnreadablePackageError when a file cannot be read, NoteKeyError
 * when `trustedKey` is not a verifier key; every finding about the content is in the result.
 */
export async function verifyPackage(path: string, options: VerifyOptions = {}): Promise<VerifyResult> {
  const trusted = options.trustedKey === undefined ? null : parseVerifierKey(options.trustedKey);
  const later = await verifyOne(path, trusted, options.extendsPackage !== undefined);
  if (options.extendsPackage === undefined) return later.result;
  const extension: ExtensionResult = {
    package: options.extendsPackage,
    events: null,
    root: null,
    extended: null,
    proofHashes: null,
  };
  const result = { ...later.result, extends: extension };
  if (result.problem) return result;
  const problem = await extensionProblem(later, options.extendsPackage, trusted, extension);
  return problem ? { ...result, verified: false, problem } : result;
}
