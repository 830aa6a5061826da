// The export package: one UTF-8 text file of JSON Lines that an inspector receives and verifies alone.
// Line 1 is the header (format, kind, origin, the signed checkpoint and the verifier key); each following
// line is one event, the canonical JSON (RFC 8785) of `{"seq": k, "hash": <base64 leaf hash>, ...fields}`
// with k = 1..n. An event's leaf, hashed into the signed tree, is the canonical JSON of the same object
// without `hash`: the line carries the hash the server recorded when the event was logged, so the
// verifier can point at the one event whose content no longer matches it.
import { canonicalJson, canonicalJsonWithAndWithout, type JsonValue } from './canonicalJson.ts';
import { type Checkpoint, openCheckpoint, signCheckpoint } from './checkpoint.ts';
import { HASH_SIZE, leafHash, MerkleTreeBuilder } from './merkle.ts';
import { parseSignerKey } from './noteKeys.ts';
import { decodeBase64 } from './strictBase64.ts';

export const EXPORT_FORMAT = 'lablive-export/1';

export type ExportHeader = {
  format: typeof EXPORT_FORMAT;
  /** What the log is: `session` (a closed session's events), `audit` (a day of the audit trail), ... */
  kind: string;
  /** The log's identity; the same as the checkpoint's first line. */
  origin: string;
  /** The signed note of the checkpoint (C2SP tlog-checkpoint) covering every event of the file. */
  checkpoint: string;
  /** The verifier key that signed the checkpoint (`<name>+<key ID>+<base64 key>`). */
  key: string;
  /** When the export was made (ISO 8601). Not signed: the checkpoint is. */
  createdAt: string;
};

/** An event's own fields: any JSON but `seq` and `hash`, which the package adds. */
export type EventFields = { readonly [field: string]: JsonValue };
export type ExportEvent = EventFields & { readonly seq: number; readonly hash: string };

export class ExportFormatError extends Error {
  override name = 'ExportFormatError';
}

function refuseReservedFields(fields: EventFields): void {
  if ('seq' in fields || 'hash' in fields) {
    throw new ExportFormatError('an event field may not be named seq or hash: the package adds them');
  }
}

/** The leaf input of an event: the canonical JSON of its fields with its seq. */
export function eventLeafInput(seq: number, fields: EventFields): string {
  refuseReservedFields(fields);
  return canonicalJson({ ...fields, seq });
}

/** What the server records when it appends the event to the log: SHA-256(0x00 || leaf input). */
export function eventLeafHash(seq: number, fields: EventFields): Buffer {
  return leafHash(eventLeafInput(seq, fields));
}

/** The header's line, newline included. */
export function headerLine(header: ExportHeader): string {
  return `${canonicalJson(header)}\n`;
}

/** An event's line, newline included; the hash is written as recorded, not recomputed. */
export function eventLine(event: ExportEvent): string {
  return `${canonicalJsonWithAndWithout(event, 'hash').whole}\n`;
}

const HEADER_FIELDS = ['format', 'kind', 'origin', 'checkpoint', 'key', 'createdAt'] as const;

/** Reads line 1; ExportFormatError says what is missing or wrong. */
export function parseHeader(text: string): ExportHeader {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ExportFormatError('the header (line 1) is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ExportFormatError('the header (line 1) is not a JSON object');
  }
  const fields = value as Record<string, unknown>;
  for (const field of HEADER_FIELDS) {
    if (typeof fields[field] !== 'string') {
      throw new ExportFormatError(`the header (line 1) has no ${field} text`);
    }
  }
  if (fields.format !== EXPORT_FORMAT) {
    throw new ExportFormatError(
      `the header's format is "${String(fields.format)}": this verifier reads ${EXPORT_FORMAT}`,
    );
  }
  return fields as ExportHeader;
}

/**
 * The package's lines (newline included), the header first, for the server to stream to the client.
 * The events must come in seq order from 1 with the hashes recorded at append time; their number and
 * the root of those hashes are checked against the header's checkpoint at the end, so a wrong export
 * fails there (the stream errors) instead of reaching an inspector who would then reject it.
 */
export async function* exportPackageLines(
  header: ExportHeader,
  events: Iterable<ExportEvent> | AsyncIterable<ExportEvent>,
): AsyncGenerator<string> {
  const { checkpoint } = openCheckpoint(header.checkpoint);
  if (checkpoint.origin !== header.origin) {
    throw new ExportFormatError(`the header's origin is not the checkpoint's (${checkpoint.origin})`);
  }
  yield headerLine(header);
  const tree = new MerkleTreeBuilder();
  for await (const event of events) {
    if (event.seq !== tree.size + 1) {
      throw new ExportFormatError(`event ${event.seq} came where event ${tree.size + 1} belongs`);
    }
    const recorded = decodeBase64(event.hash);
    if (recorded?.length !== HASH_SIZE) {
      throw new ExportFormatError(`event ${event.seq}'s hash is not the base64 of a SHA-256 hash`);
    }
    tree.append(recorded);
    yield eventLine(event);
  }
  if (tree.size !== checkpoint.size || !tree.root().equals(checkpoint.root)) {
    throw new ExportFormatError(
      `the ${tree.size} recorded hashes do not make the checkpoint's tree of ${checkpoint.size}`,
    );
  }
}

/**
 * A whole package in memory, sealed as the server seals a log: every event's hash, the tree, a checkpoint
 * signed with `signerKey`. For tests, tools and small logs; the server streams with `exportPackageLines`.
 */
export async function buildExportPackage(options: {
  kind: string;
  origin: string;
  createdAt: string;
  signerKey: string;
  events: readonly EventFields[];
}): Promise<string> {
  const signer = parseSignerKey(options.signerKey);
  const tree = new MerkleTreeBuilder();
  const events = options.events.map((fields, index) => {
    const hash = eventLeafHash(index + 1, fields);
    tree.append(hash);
    return { ...fields, seq: index + 1, hash: hash.toString('base64') };
  });
  const checkpoint: Checkpoint = {
    origin: options.origin,
    size: tree.size,
    root: tree.root(),
    extensions: [],
  };
  const header: ExportHeader = {
    format: EXPORT_FORMAT,
    kind: options.kind,
    origin: options.origin,
    checkpoint: signCheckpoint(checkpoint, signer),
    key: signer.verifierKey,
    createdAt: options.createdAt,
  };
  let text = '';
  for await (const line of exportPackageLines(header, events)) text += line;
  return text;
}
