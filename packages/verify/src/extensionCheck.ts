// Whether a later export of a log extends an earlier one (`lablive-verify --extends`): both verified on
// their own, signed by the same key, of the same log, the earlier not longer, and an RFC 9162
// consistency proof from the later export's leaves to the earlier signed root; when it fails, the first
// event whose hash differs is named.
import type { LeafHashStore } from './merkle.ts';
import { consistencyProof, verifyConsistency } from './merkleProofs.ts';
import { sameKey } from './noteKeys.ts';
import { plural } from './plural.ts';
import { describeKey } from './signedNote.ts';
import type { Scan, Verified } from './verifyPackage.ts';
import { type ExtensionResult, PROBLEMS, type Problem } from './verifyResult.ts';

function firstDifference(earlier: LeafHashStore, later: LeafHashStore, size: number): number | null {
  for (let index = 0; index < size; index++) {
    const a = earlier.at(index);
    const b = later.at(index);
    if (!a || !b || !a.equals(b)) return index;
  }
  return null;
}

/**
 * Whether `later` (verified, its leaves kept) extends `earlier` (verified the same way); fills in
 * `extension` as it goes.
 */
export function extensionProblem(later: Scan, earlier: Verified, extension: ExtensionResult): Problem | null {
  const earlierPath = extension.package;
  const { checkpoint: old, packageKey: oldKey, leaves: oldLeaves } = earlier.scan;
  extension.events = old?.size ?? null;
  extension.root = old?.root.toString('base64') ?? null;
  if (earlier.result.problem) {
    return {
      code: PROBLEMS.earlierNotVerified,
      message: `The earlier export ${earlierPath} does not verify itself: ${earlier.result.problem.message}`,
    };
  }
  const { checkpoint: current, packageKey: currentKey, leaves: currentLeaves } = later;
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
