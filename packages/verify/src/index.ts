// @lablive/verify: tamper evidence for LabLive's exported logs. The server hashes, signs and exports with
// these functions; the inspector's verifier (cli.ts) checks with the same ones. Node built-ins only.
export {
  CanonicalJsonError,
  canonicalJson,
  canonicalJsonWithAndWithout,
  type JsonValue,
} from './canonicalJson.ts';
export {
  type Checkpoint,
  checkpointText,
  openCheckpoint,
  parseCheckpointText,
  signCheckpoint,
  verifyCheckpoint,
} from './checkpoint.ts';
export {
  buildExportPackage,
  type EventFields,
  EXPORT_FORMAT,
  type ExportEvent,
  ExportFormatError,
  type ExportHeader,
  eventLeafHash,
  eventLeafInput,
  eventLine,
  exportPackageLines,
  headerLine,
  parseHeader,
} from './exportPackage.ts';
export {
  type FileLine,
  type LineBatch,
  linesIn,
  lineText,
  readLineBatches,
  UNREADABLE_LINE,
} from './lineBatches.ts';
export {
  EMPTY_ROOT,
  HASH_SIZE,
  type LeafHashes,
  LeafHashStore,
  leafHash,
  MerkleTreeBuilder,
  nodeHash,
  subtreeHash,
  treeHead,
} from './merkle.ts';
export { consistencyProof, inclusionProof, verifyConsistency, verifyInclusion } from './merkleProofs.ts';
export {
  generateNoteKeys,
  isValidKeyName,
  keyIdHex,
  NoteKeyError,
  type NoteSigner,
  type NoteVerifier,
  noteKeyId,
  parseSignerKey,
  parseVerifierKey,
} from './noteKeys.ts';
export { humanReport } from './report.ts';
export {
  NOTE_PROBLEMS,
  type Note,
  NoteError,
  type NoteSignature,
  parseNote,
  signNote,
  verifyNote,
} from './signedNote.ts';
export { UnreadablePackageError, type VerifyOptions, verifyPackage } from './verifyPackage.ts';
export {
  type ExtensionResult,
  KEY_SOURCES,
  type KeyInfo,
  PROBLEMS,
  type Problem,
  type ProblemCode,
  type VerifyResult,
} from './verifyResult.ts';
