import { describe, expect, it } from 'vitest';
import {
  EMPTY_ROOT,
  LeafHashStore,
  leafHash,
  MerkleTreeBuilder,
  nodeHash,
  subtreeHash,
  treeHead,
} from './merkle.ts';
import { consistencyProof, inclusionProof, verifyConsistency, verifyInclusion } from './merkleProofs.ts';

// Known answers of RFC 6962 hashing from github.com/transparency-dev/merkle (the Go library behind
// Certificate Transparency's Trillian and the Go checksum database): testonly/constants.go (LeafInputs,
// NodeHashes, RootHashes) and proof/verify_test.go (inclusionProofs, consistencyProofs, with 1-based leaf
// numbers). The same values are in Certificate Transparency's C++ merkle_tree_test.
const LEAF_INPUTS = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
];
const ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const LEAF_HASHES = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
  '0298d122906dcfc10892cb53a73992fc5b9f493ea4c9badb27b791b4127a7fe7',
  '07506a85fd9dd2f120eb694f86011e5bb4662e5c415a62917033d4a9624487e7',
  'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
  '4271a26be0d8a84f0bd54c8c302e7cb3a3b5d1fa6780a40bcce2873477dab658',
  'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
  '46f6ffadd3d06a09ff3c5860d2755c8b9819db7df44251788c7d8e3180de8eb1',
];
const INCLUSION_PROOFS: Array<{ leaf: number; size: number; proof: string[] }> = [
  {
    leaf: 1,
    size: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    leaf: 6,
    size: 8,
    proof: [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  { leaf: 3, size: 3, proof: ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125'] },
  {
    leaf: 2,
    size: 5,
    proof: [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
];
const CONSISTENCY_PROOFS: Array<{ size1: number; size2: number; proof: string[] }> = [
  { size1: 1, size2: 1, proof: [] },
  {
    size1: 1,
    size2: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    size1: 6,
    size2: 8,
    proof: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  {
    size1: 2,
    size2: 5,
    proof: [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
  {
    size1: 6,
    size2: 7,
    proof: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
];

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const fromHex = (text: string) => Buffer.from(text, 'hex');
const vectorLeaves = LEAF_INPUTS.map((input) => leafHash(fromHex(input)));
/** Leaves of any count, distinct, for the exhaustive checks. */
const manyLeaves = (count: number) => Array.from({ length: count }, (_, index) => leafHash(`leaf ${index}`));
const flipped = (hash: Uint8Array) => {
  const copy = Buffer.from(hash);
  copy[0] = (copy[0] ?? 0) ^ 8;
  return copy;
};

describe('RFC 6962 hashing', () => {
  it('hashes the known leaves and the empty tree', () => {
    expect(hex(EMPTY_ROOT)).toBe(ROOTS[0]);
    expect(vectorLeaves.map(hex)).toEqual(LEAF_HASHES);
    expect(hex(leafHash(''))).toBe(LEAF_HASHES[0]);
  });

  it('computes the known roots of every prefix of the test leaves, recursively and incrementally', () => {
    const builder = new MerkleTreeBuilder();
    expect(hex(builder.root())).toBe(ROOTS[0]);
    for (let size = 1; size <= vectorLeaves.length; size++) {
      builder.append(vectorLeaves[size - 1] as Buffer);
      expect(hex(treeHead(vectorLeaves.slice(0, size)))).toBe(ROOTS[size]);
      expect(hex(builder.root())).toBe(ROOTS[size]);
      expect(builder.size).toBe(size);
    }
  });

  it('agrees with the recursive definition for every size up to 300', () => {
    const leaves = manyLeaves(300);
    const builder = new MerkleTreeBuilder();
    for (let size = 1; size <= leaves.length; size++) {
      builder.append(leaves[size - 1] as Buffer);
      expect(hex(builder.root()), `size ${size}`).toBe(hex(subtreeHash(leaves, 0, size)));
    }
  });

  it('keeps the builder independent of the buffers it was given', () => {
    const reused = Buffer.from(vectorLeaves[0] as Buffer);
    const builder = new MerkleTreeBuilder();
    builder.append(reused);
    reused.fill(0);
    expect(hex(builder.root())).toBe(ROOTS[1]);
  });

  it('stores leaf hashes across blocks and reads them back', () => {
    const store = new LeafHashStore();
    const leaves = manyLeaves(70_000);
    for (const leaf of leaves) store.push(leaf);
    expect(store.length).toBe(70_000);
    expect(hex(store.at(0) as Buffer)).toBe(hex(leaves[0] as Buffer));
    expect(hex(store.at(65_536) as Buffer)).toBe(hex(leaves[65_536] as Buffer));
    expect(hex(store.at(69_999) as Buffer)).toBe(hex(leaves[69_999] as Buffer));
    expect(store.at(70_000)).toBeUndefined();
  });

  it('hashes a node as SHA-256(0x01 || left || right)', () => {
    expect(hex(nodeHash(vectorLeaves[0] as Buffer, vectorLeaves[1] as Buffer))).toBe(ROOTS[2]);
  });
});

describe('inclusion proofs (RFC 9162 §2.1.3)', () => {
  it.each(INCLUSION_PROOFS)(
    'generates and verifies the known proof of leaf $leaf in a tree of $size',
    ({ leaf, size, proof }) => {
      const leaves = vectorLeaves.slice(0, size);
      expect(inclusionProof(leaves, leaf - 1).map(hex)).toEqual(proof);
      const root = fromHex(ROOTS[size] as string);
      expect(
        verifyInclusion(leaf - 1, size, vectorLeaves[leaf - 1] as Buffer, proof.map(fromHex), root),
      ).toBe(true);
    },
  );

  it('verifies every leaf of every tree up to 64 leaves, and refuses a wrong index, size, leaf, root or proof', () => {
    const leaves = manyLeaves(64);
    for (let size = 1; size <= 64; size++) {
      const tree = leaves.slice(0, size);
      const root = treeHead(tree);
      for (let index = 0; index < size; index++) {
        const leaf = tree[index] as Buffer;
        const proof = inclusionProof(tree, index);
        expect(verifyInclusion(index, size, leaf, proof, root), `${index} of ${size}`).toBe(true);
        expect(verifyInclusion(index, size, flipped(leaf), proof, root)).toBe(false);
        expect(verifyInclusion(index, size, leaf, proof, flipped(root))).toBe(false);
        // A proof does not pin the size where the leaf's path has the same shape (leaf 0 of 3 or of 4),
        // so, as transparency-dev's verify_test.go does, the wrong sizes tried change the tree's height.
        expect(verifyInclusion(index, size * 2, leaf, proof, root)).toBe(false);
        if (size > 1) expect(verifyInclusion(index, Math.floor(size / 2), leaf, proof, root)).toBe(false);
        expect(verifyInclusion(index, size, leaf, [...proof, root], root)).toBe(false);
        if (size > 1) {
          expect(verifyInclusion((index + 1) % size, size, leaf, proof, root)).toBe(false);
          expect(verifyInclusion(index, size, leaf, proof.slice(1), root)).toBe(false);
          expect(
            verifyInclusion(index, size, leaf, [flipped(proof[0] as Buffer), ...proof.slice(1)], root),
          ).toBe(false);
        }
      }
    }
  });

  it('refuses an index outside the tree', () => {
    const root = fromHex(ROOTS[1] as string);
    expect(verifyInclusion(1, 1, vectorLeaves[0] as Buffer, [], root)).toBe(false);
    expect(verifyInclusion(0, 0, vectorLeaves[0] as Buffer, [], root)).toBe(false);
    expect(verifyInclusion(0, 1, vectorLeaves[0] as Buffer, [], root)).toBe(true);
  });
});

describe('consistency proofs (RFC 9162 §2.1.4)', () => {
  it.each(CONSISTENCY_PROOFS)(
    'generates and verifies the known proof from $size1 to $size2',
    ({ size1, size2, proof }) => {
      expect(consistencyProof(vectorLeaves.slice(0, size2), size1).map(hex)).toEqual(proof);
      const roots = [fromHex(ROOTS[size1] as string), fromHex(ROOTS[size2] as string)] as const;
      expect(verifyConsistency(size1, size2, proof.map(fromHex), ...roots)).toBe(true);
    },
  );

  it('verifies every (m, n) with 0 <= m <= n <= 64, and refuses a wrong size, root or proof', () => {
    const leaves = manyLeaves(64);
    const roots = Array.from({ length: 65 }, (_, size) => treeHead(leaves.slice(0, size)));
    for (let n = 0; n <= 64; n++) {
      for (let m = 0; m <= n; m++) {
        const proof = consistencyProof(leaves.slice(0, n), m);
        const [oldRoot, newRoot] = [roots[m] as Buffer, roots[n] as Buffer];
        expect(verifyConsistency(m, n, proof, oldRoot, newRoot), `${m} -> ${n}`).toBe(true);
        if (m === 0 || m === n) continue;
        expect(verifyConsistency(m, n, proof, flipped(oldRoot), newRoot)).toBe(false);
        expect(verifyConsistency(m, n, proof, oldRoot, flipped(newRoot))).toBe(false);
        expect(verifyConsistency(m, n, proof, newRoot, oldRoot)).toBe(false);
        expect(verifyConsistency(m, n, [], oldRoot, newRoot)).toBe(false);
        expect(verifyConsistency(m, n, proof.slice(0, -1), oldRoot, newRoot)).toBe(false);
        expect(verifyConsistency(m, n, [...proof, oldRoot], oldRoot, newRoot)).toBe(false);
        proof.forEach((_, index) => {
          const wrong = proof.map((hash, at) => (at === index ? flipped(hash) : hash));
          expect(verifyConsistency(m, n, wrong, oldRoot, newRoot), `${m} -> ${n}, hash ${index}`).toBe(false);
        });
        if (m + 1 < n)
          expect(verifyConsistency(m + 1, n, proof, roots[m + 1] as Buffer, newRoot)).toBe(false);
      }
    }
  });

  it('refuses a rewritten history: the old tree of other leaves', () => {
    const leaves = manyLeaves(40);
    const rewritten = [...leaves];
    rewritten[5] = leafHash('rewritten');
    const oldRoot = treeHead(leaves.slice(0, 20));
    const proof = consistencyProof(rewritten, 20);
    expect(verifyConsistency(20, 40, proof, oldRoot, treeHead(rewritten))).toBe(false);
  });

  it('takes the edges from the definitions: empty old tree, same size, a shrinking log', () => {
    const [one, two] = [fromHex(ROOTS[1] as string), fromHex(ROOTS[2] as string)];
    expect(verifyConsistency(0, 2, [], EMPTY_ROOT, two)).toBe(true);
    expect(verifyConsistency(0, 2, [one], EMPTY_ROOT, two)).toBe(false);
    expect(verifyConsistency(2, 2, [], two, two)).toBe(true);
    expect(verifyConsistency(2, 2, [], one, two)).toBe(false);
    expect(verifyConsistency(2, 1, [], two, one)).toBe(false);
  });
});
