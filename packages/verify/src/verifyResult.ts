// What a verification found, as data: the CLI prints it as a report or as JSON, and a program (the
// server's own check of an export before it serves it) can act on the code. Each problem has a code for
// programs and a sentence for people that names the event and the line.

export const PROBLEMS = {
  // The file as a package.
  emptyFile: 'emptyFile',
  badHeader: 'badHeader',
  badCheckpoint: 'badCheckpoint',
  badKey: 'badKey',
  originMismatch: 'originMismatch',
  // One line, while streaming: the first of these found ends the verification.
  notUtf8: 'notUtf8',
  lineTooLong: 'lineTooLong',
  notJson: 'notJson',
  notCanonical: 'notCanonical',
  badSeq: 'badSeq',
  missingEvents: 'missingEvents',
  outOfOrder: 'outOfOrder',
  alteredEvent: 'alteredEvent',
  // The whole log against its signed checkpoint.
  sizeMismatch: 'sizeMismatch',
  rootMismatch: 'rootMismatch',
  unknownKey: 'unknownKey',
  badSignature: 'badSignature',
  untrustedKey: 'untrustedKey',
  // --extends: this export against an earlier one.
  earlierNotVerified: 'earlierNotVerified',
  differentLog: 'differentLog',
  differentKey: 'differentKey',
  earlierIsLonger: 'earlierIsLonger',
  notAnExtension: 'notAnExtension',
} as const;
export type ProblemCode = (typeof PROBLEMS)[keyof typeof PROBLEMS];

export type Problem = {
  code: ProblemCode;
  /** Plain English, naming the event and the line. */
  message: string;
  /** The package's line where it was found (line 1 is the header, event k is normally on line k + 1). */
  line?: number;
  /** The events concerned by seq: the altered one, the two out of order, the first and last missing. */
  events?: number[];
};

export const KEY_SOURCES = {
  /** Given by the caller (`--key`): the lab's published key. */
  trusted: 'trusted',
  /** Only read from the package: proves integrity against that key, not who holds it. */
  package: 'package',
} as const;

export type KeyInfo = {
  /** The verifier key text. */
  text: string;
  name: string;
  /** 8 hex digits: what an inspector compares with the lab's published key. */
  id: string;
  source: (typeof KEY_SOURCES)[keyof typeof KEY_SOURCES];
};

export type ExtensionResult = {
  /** The earlier package, as given. */
  package: string;
  /** Its signed size and root. */
  events: number | null;
  root: string | null;
  /** Whether this export's log extends the earlier one (null: not checked, this export failed first). */
  extended: boolean | null;
  /** How many hashes the consistency proof took. */
  proofHashes: number | null;
};

export type VerifyResult = {
  verified: boolean;
  /** The package, as given. */
  package: string;
  kind: string | null;
  origin: string | null;
  createdAt: string | null;
  /** Events read in order and matching their recorded hashes (all of them when nothing was wrong). */
  events: number;
  /** What the signed checkpoint says (read before its signature is checked). */
  checkpoint: { size: number; root: string } | null;
  /** The root of the events as read, when every event was read. */
  root: string | null;
  key: KeyInfo | null;
  /** The first problem found, or null when verified. */
  problem: Problem | null;
  extends: ExtensionResult | null;
};
