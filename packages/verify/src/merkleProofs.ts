// Inclusion and consistency proofs of RFC 9162 §2.1.3 and §2.1.4: generated from the leaf hashes by the
// recursive definitions (PATH and SUBPROOF), verified by the RFC's iterative algorithms step by step, so
// a proof from any conforming log (Certificate Transparency, Go's checksum database, Sigstore) verifies
// here and ours there. Sizes stay below 2^53: the index arithmetic uses division, not 32-bit shifts.
import { HASH_SIZE, type LeafHashes, nodeHash, splitPoint, subtreeHash } from './merkle.ts';

const isOdd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);

function sameHash(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === HASH_SIZE && b.length === HASH_SIZE && Buffer.compare(a, b) === 0;
}

/** PATH(m, D[n]) of RFC 9162 §2.1.3.1: the hashes that lead from leaf `index` to the root of all `leaves`. */
export function inclusionProof(leaves: LeafHashes, index: number): Buffer[] {
  if (!Number.isSafeInteger(index) || index < 0 || index >= leaves.length) {
    throw new RangeError(`no leaf ${index} in a tree of ${leaves.length}`);
  }
  const path: Buffer[] = [];
  // Walks down from the root, noting the sibling at each split; the proof lists them leaf first.
  let start = 0;
  let end = leaves.length;
  let m = index;
  while (end - start > 1) {
    const k = splitPoint(end - start);
    if (m < k) {
      path.push(subtreeHash(leaves, start + k, end));
      end = start + k;
    } else {
      path.push(subtreeHash(leaves, start, start + k));
      start += k;
      m -= k;
    }
  }
  return path.reverse();
}

/** RFC 9162 §2.1.3.2: whether `proof` shows the leaf hash at `index` is in the tree of `size` with `root`. */
export function verifyInclusion(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): boolean {
  // 1. leaf_index must be below tree_size.
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  if (leaf.length !== HASH_SIZE) return false;
  // 2. fn = leaf_index, sn = tree_size - 1. 3. r = hash.
  let fn = index;
  let sn = size - 1;
  let r: Uint8Array = leaf;
  // 4. For each p in inclusion_path:
  for (const p of proof) {
    if (p.length !== HASH_SIZE) return false;
    // a. sn reached 0 with hashes left over: fail.
    if (sn === 0) return false;
    // b. LSB(fn) set, or fn equal to sn: p is a left sibling.
    if (isOdd(fn) || fn === sn) {
      r = nodeHash(p, r);
      // ii. Skip the levels where this node has no right sibling.
      if (!isOdd(fn)) {
        while (!isOdd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    // c. Up one level.
    fn = half(fn);
    sn = half(sn);
  }
  // 5. sn must be 0 and r the root.
  return sn === 0 && sameHash(r, root);
}

/** SUBPROOF(m, D[start:end], b) of RFC 9162 §2.1.4.1, appended to `proof` in the RFC's order. */
function subproof(
  leaves: LeafHashes,
  m: number,
  start: number,
  end: number,
  whole: boolean,
  proof: Buffer[],
): void {
  const n = end - start;
  if (m === n) {
    // The old tree is this whole subtree: its root is known to the verifier only at the top (b = true).
    if (!whole) proof.push(subtreeHash(leaves, start, end));
    return;
  }
  const k = splitPoint(n);
  if (m <= k) {
    subproof(leaves, m, start, start + k, whole, proof);
    proof.push(subtreeHash(leaves, start + k, end));
  } else {
    subproof(leaves, m - k, start + k, end, false, proof);
    proof.push(subtreeHash(leaves, start, start + k));
  }
}

/**
 * PROOF(m, D[n]) of RFC 9162 §2.1.4.1: the hashes that show the tree of the first `oldSize` leaves is a
 * prefix of the tree of all `leaves`. Empty when the old tree is empty or the same size.
 */
export function consistencyProof(leaves: LeafHashes, oldSize: number): Buffer[] {
  if (!Number.isSafeInteger(oldSize) || oldSize < 0 || oldSize > leaves.length) {
    throw new RangeError(`no tree of ${oldSize} inside a tree of ${leaves.length}`);
  }
  const proof: Buffer[] = [];
  if (oldSize === 0 || oldSize === leaves.length) return proof;
  subproof(leaves, oldSize, 0, leaves.length, true, proof);
  return proof;
}

/**
 * RFC 9162 §2.1.4.2: whether `proof` shows the tree of `oldSize` with `oldRoot` is a prefix of the tree
 * of `newSize` with `newRoot`. The RFC's algorithm covers 0 < first < second; the edges follow from the
 * definitions (an empty tree is a prefix of every tree, a tree is consistent only with itself at its
 * own size) and, as in RFC 9162 §2.1.4.1, take an empty proof.
 */
export function verifyConsistency(
  oldSize: number,
  newSize: number,
  proof: readonly Uint8Array[],
  oldRoot: Uint8Array,
  newRoot: Uint8Array,
): boolean {
  if (!Number.isSafeInteger(oldSize) || !Number.isSafeInteger(newSize)) return false;
  if (oldSize < 0 || oldSize > newSize) return false;
  if (oldSize === newSize) return proof.length === 0 && sameHash(oldRoot, newRoot);
  if (oldSize === 0) return proof.length === 0;
  if (proof.some((hash) => hash.length !== HASH_SIZE)) return false;
  // 1. An empty consistency_path fails.
  if (proof.length === 0) return false;
  // 2. When first is a power of 2 the old root is itself a node of the new tree: prepend first_hash.
  const path = isPowerOfTwo(oldSize) ? [oldRoot, ...proof] : proof;
  // 3. fn = first - 1, sn = second - 1.
  let fn = oldSize - 1;
  let sn = newSize - 1;
  // 4. Skip the levels where the old tree's last node is a right child.
  while (isOdd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  // 5. fr = sr = the first value of the path.
  let fr: Uint8Array = path[0] as Uint8Array;
  let sr: Uint8Array = fr;
  // 6. For each subsequent value c:
  for (const c of path.slice(1)) {
    // a. sn reached 0 with hashes left over: fail.
    if (sn === 0) return false;
    // b. LSB(fn) set, or fn equal to sn: c is a left sibling of both paths.
    if (isOdd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      // iii. Skip the levels where this node has no right sibling.
      if (!isOdd(fn)) {
        while (!isOdd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      // Otherwise c is a right sibling that only the new tree has.
      sr = nodeHash(sr, c);
    }
    // c. Up one level.
    fn = half(fn);
    sn = half(sn);
  }
  // 7. Both roots rebuilt, and the whole path used.
  return sn === 0 && sameHash(fr, oldRoot) && sameHash(sr, newRoot);
}

function isPowerOfTwo(n: number): boolean {
  let power = 1;
  while (power < n) power *= 2;
  return power === n;
}
