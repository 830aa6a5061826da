// The Merkle tree of RFC 6962 §2.1 (restated by RFC 9162 §2.1): what a log's signed root commits to.
// Leaves and inner nodes hash with different one-byte prefixes, so a leaf can never pass for a node
// (second-preimage resistance); a tree of n leaves splits at the largest power of two below n, so every
// left subtree is perfect and the tree of the first m leaves is a prefix of the tree of n.
import { hash } from 'node:crypto';

export const HASH_SIZE = 32;

/** The root of a tree without leaves: SHA-256 of the empty string. */
export const EMPTY_ROOT: Buffer = hash('sha256', '', 'buffer');

/** SHA-256(0x00 || bytes). A string is hashed as its UTF-8 bytes. */
export function leafHash(bytes: Uint8Array | string): Buffer {
  if (typeof bytes === 'string') return hash('sha256', `\u0000${bytes}`, 'buffer');
  const input = Buffer.allocUnsafe(bytes.length + 1);
  input[0] = 0;
  input.set(bytes, 1);
  return hash('sha256', input, 'buffer');
}

// Hashing a million leaves makes a million inner nodes; one scratch buffer spares as many allocations.
const nodeInput = Buffer.alloc(1 + 2 * HASH_SIZE);
nodeInput[0] = 1;

/** SHA-256(0x01 || left || right). */
export function nodeHash(left: Uint8Array, right: Uint8Array): Buffer {
  if (left.length !== HASH_SIZE || right.length !== HASH_SIZE) {
    return hash('sha256', Buffer.concat([nodeInput.subarray(0, 1), left, right]), 'buffer');
  }
  nodeInput.set(left, 1);
  nodeInput.set(right, 1 + HASH_SIZE);
  return hash('sha256', nodeInput, 'buffer');
}

/** Leaf hashes read by index: an array, or a store of millions of them in one buffer (`LeafHashStore`). */
export type LeafHashes = { readonly length: number; at(index: number): Uint8Array | undefined };

function leafAt(leaves: LeafHashes, index: number): Uint8Array {
  const leaf = leaves.at(index);
  if (!leaf) throw new RangeError(`no leaf ${index} among ${leaves.length}`);
  return leaf;
}

/** The largest power of two strictly below n (n >= 2): where RFC 6962 splits a tree of n leaves. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH(D[start:end]): the root of the tree of those leaves, by RFC 6962's recursive definition. */
export function subtreeHash(leaves: LeafHashes, start: number, end: number): Buffer {
  const n = end - start;
  if (n === 0) return EMPTY_ROOT;
  if (n === 1) return Buffer.from(leafAt(leaves, start));
  const k = splitPoint(n);
  return nodeHash(subtreeHash(leaves, start, start + k), subtreeHash(leaves, start + k, end));
}

/** The tree head (root hash) of all the given leaf hashes. */
export function treeHead(leaves: LeafHashes): Buffer {
  return subtreeHash(leaves, 0, leaves.length);
}

/**
 * Builds the root as leaf hashes arrive, keeping only the roots of the perfect subtrees the leaves so far
 * make: one per bit set in the size, the subtree of 2^h leaves in slot h (O(log n) memory, copied into
 * buffers made once), so a log of millions of events is hashed while it streams by. Appending merges
 * equal-sized subtrees like a binary counter carries; the root folds the remaining ones from the smallest,
 * which is where RFC 6962's split puts them.
 */
export class MerkleTreeBuilder {
  readonly #slots: Buffer[] = [];
  #size = 0;

  get size(): number {
    return this.#size;
  }

  #slot(height: number): Buffer {
    while (this.#slots.length <= height) this.#slots.push(Buffer.alloc(HASH_SIZE));
    return this.#slots[height] as Buffer;
  }

  append(leaf: Uint8Array): void {
    let hash: Uint8Array = leaf;
    let height = 0;
    for (let carry = this.#size; carry % 2 === 1; carry = (carry - 1) / 2) {
      hash = nodeHash(this.#slot(height), hash);
      height += 1;
    }
    // A copy: the caller may reuse its buffer.
    this.#slot(height).set(hash);
    this.#size += 1;
  }

  root(): Buffer {
    let root: Buffer | null = null;
    let height = 0;
    for (let bits = this.#size; bits > 0; bits = Math.floor(bits / 2), height++) {
      if (bits % 2 === 0) continue;
      const subtree = this.#slot(height);
      root = root ? nodeHash(subtree, root) : Buffer.from(subtree);
    }
    return root ?? EMPTY_ROOT;
  }
}

/**
 * Leaf hashes kept for proofs over a whole export (a consistency proof needs every leaf), 32 bytes each
 * in a few large buffers rather than a million small objects.
 */
export class LeafHashStore implements LeafHashes {
  static readonly #PER_BLOCK = 65_536;
  readonly #blocks: Buffer[] = [];
  #length = 0;

  get length(): number {
    return this.#length;
  }

  push(leaf: Uint8Array): void {
    const offset = this.#length % LeafHashStore.#PER_BLOCK;
    if (offset === 0) this.#blocks.push(Buffer.allocUnsafe(LeafHashStore.#PER_BLOCK * HASH_SIZE));
    (this.#blocks.at(-1) as Buffer).set(leaf, offset * HASH_SIZE);
    this.#length += 1;
  }

  at(index: number): Buffer | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.#length) return undefined;
    const block = this.#blocks[Math.floor(index / LeafHashStore.#PER_BLOCK)] as Buffer;
    const offset = (index % LeafHashStore.#PER_BLOCK) * HASH_SIZE;
    return block.subarray(offset, offset + HASH_SIZE);
  }
}
