// Verifies an export package and names the first problem precisely. While the file streams, each line
// must be canonical JSON, come in seq order, and hash to the hash recorded for it; at the end, the events
// must be as many as the signed checkpoint says and hash to its root, the signature must hold, and the
// key must be the lab's when the inspector gave it. With an earlier export of the same log, an RFC 9162
// consistency proof from this export's events shows whether it extends the earlier one.

import { type Checkpoint, openCheckpoint } from './checkpoint.ts';
import { acceptedLeaf, checkEventLine, sequenceProblem } from './eventLines.ts';
import { ExportFormatError, type ExportHeader, parseHeader } from './exportPackage.ts';
import { extensionProblem } from './extensionCheck.ts';
import { type FileLine, linesFrom, linesIn, lineText, readLineBatches } from './lineBatches.ts';
import { LeafHashStore, MerkleTreeBuilder } from './merkle.ts';
import { keyIdHex, type NoteVerifier, parseVerifierKey, sameKey } from './noteKeys.ts';
import { plural } from './plural.ts';
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
export type Scan = {
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

function keyInfo(key: NoteVerifier | null, trusted: NoteVerifier | null): KeyInfo | null {
  if (!key) return null;
  const source = trusted && sameKey(trusted, key) ? KEY_SOURCES.trusted : KEY_SOURCES.package;
  return { text: key.text, name: key.name, id: keyIdHex(key.keyId), source };
}

export type Verified = { result: VerifyResult; scan: Scan };

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
  const earlier = await verifyOne(options.extendsPackage, trusted, true);
  const problem = extensionProblem(later.scan, earlier, extension);
  return problem ? { ...result, verified: false, problem } : result;
}
