import { describe, expect, it } from 'vitest';
import {
  type Checkpoint,
  checkpointText,
  openCheckpoint,
  parseCheckpointText,
  signCheckpoint,
  verifyCheckpoint,
} from './checkpoint.ts';
import { leafHash } from './merkle.ts';
import {
  generateNoteKeys,
  keyIdHex,
  NoteKeyError,
  noteKeyId,
  parseSignerKey,
  parseVerifierKey,
} from './noteKeys.ts';
import { NOTE_PROBLEMS, NoteError, parseNote, signNote, verifyNote } from './signedNote.ts';

// Fixed keys and signed notes of Go's golang.org/x/mod/sumdb/note (note.go's package doc and
// note_test.go: TestNewVerifier, TestNewSigner, TestSign, TestOpen). Signing with PeterNeumann's signer
// key must give Go's exact bytes (Ed25519 is deterministic), and Go's signatures must verify here.
const PETER_SIGNER = 'PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz';
const PETER_VERIFIER = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const ENOCH_VERIFIER = 'EnochRoot+af0cfe78+ATtqJ7zOtqQtYqOo0CpvDXNlMhV3HeJDpjrASKGLWdop';
const TEXT =
  "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const PETER_SIG =
  '— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n';
const ENOCH_SIG =
  '— EnochRoot rwz+eBzmZa0SO3NbfRGzPCpDckykFXSdeX+MNtCOXm2/5n2tiOHp+vAF1aGrQ5ovTG01oOTGwnWLox33WWd1RvMc+QQ=\n';

// The example of https://c2sp.org/tlog-checkpoint (its key is not published: parsed, not verified).
const C2SP_EXAMPLE =
  'example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n\n' +
  '— example.com/behind-the-sofa Az3grlgtzPICa5OS8npVmf1Myq/5IZniMp+ZJurmRDeOoRDe4URYN7u5/Zhcyv2q1gGzGku9nTo+zyWE+xeMcTOAYQ8=\n';

const SEED = Buffer.alloc(32, 7);
const ORIGIN = 'lablive.test/labs/1/sessions/42';

function noteError(run: () => unknown): NoteError {
  try {
    run();
  } catch (error) {
    if (error instanceof NoteError) return error;
    throw error;
  }
  throw new Error('no NoteError thrown');
}

describe("keys in Go's note format", () => {
  it("derives Go's verifier key and key ID from Go's signer key", () => {
    const signer = parseSignerKey(PETER_SIGNER);
    expect(signer.verifierKey).toBe(PETER_VERIFIER);
    expect(keyIdHex(signer.keyId)).toBe('c74f20a3');
    const verifier = parseVerifierKey(PETER_VERIFIER);
    expect(noteKeyId(verifier.name, verifier.publicKey)).toBe(0xc74f20a3);
  });

  it("refuses every truncation and every altered character of Go's verifier key (TestNewVerifier)", () => {
    const refused = (text: string) => expect(() => parseVerifierKey(text), text).toThrow(NoteKeyError);
    for (let start = 0; start <= PETER_VERIFIER.length; start++) {
      for (let end = start + 1; end <= PETER_VERIFIER.length; end++) {
        if (start !== 0 || end !== PETER_VERIFIER.length) refused(PETER_VERIFIER.slice(start, end));
      }
    }
    for (let index = 0; index < PETER_VERIFIER.length; index++) {
      const code = PETER_VERIFIER.charCodeAt(index) + 1;
      refused(
        `${PETER_VERIFIER.slice(0, index)}${String.fromCharCode(code)}${PETER_VERIFIER.slice(index + 1)}`,
      );
    }
    // Go's two hand-made cases: a key of the wrong length and an unknown algorithm, each with its own ID.
    refused('PeterNeumann+cc469956+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TWBADKEY==');
    refused('PeterNeumann+173116ae+ZRpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW');
  });

  it("refuses every altered character of Go's signer key (TestNewSigner)", () => {
    for (let index = 0; index < PETER_SIGNER.length; index++) {
      const code = PETER_SIGNER.charCodeAt(index) + 1;
      const altered = `${PETER_SIGNER.slice(0, index)}${String.fromCharCode(code)}${PETER_SIGNER.slice(index + 1)}`;
      expect(() => parseSignerKey(altered), altered).toThrow(NoteKeyError);
    }
  });

  it('generates a key pair that signs and verifies, deterministic for a given seed', () => {
    const keys = generateNoteKeys(ORIGIN, SEED);
    expect(generateNoteKeys(ORIGIN, SEED)).toEqual(keys);
    expect(keys.signerKey).toMatch(/^PRIVATE\+KEY\+lablive\.test\/labs\/1\/sessions\/42\+[0-9a-f]{8}\+/);
    expect(parseSignerKey(keys.signerKey).verifierKey).toBe(keys.verifierKey);
    const note = signNote('hello\n', [parseSignerKey(keys.signerKey)]);
    expect(verifyNote(note, parseVerifierKey(keys.verifierKey)).text).toBe('hello\n');
    expect(generateNoteKeys(ORIGIN).verifierKey).not.toBe(keys.verifierKey);
  });
});

describe('signed notes (C2SP signed-note)', () => {
  it("signs Go's text into Go's exact signed note (TestSign)", () => {
    expect(signNote(TEXT, [parseSignerKey(PETER_SIGNER)])).toBe(`${TEXT}\n${PETER_SIG}`);
  });

  it("verifies Go's signatures by either key, ignoring the other one (TestOpen)", () => {
    const message = `${TEXT}\n${PETER_SIG}${ENOCH_SIG}`;
    expect(verifyNote(message, parseVerifierKey(PETER_VERIFIER)).text).toBe(TEXT);
    expect(verifyNote(message, parseVerifierKey(ENOCH_VERIFIER)).text).toBe(TEXT);
    expect(parseNote(message).signatures.map((signature) => keyIdHex(signature.keyId))).toEqual([
      'c74f20a3',
      'af0cfe78',
    ]);
  });

  it('refuses a note whose text was altered after signing (bad signature)', () => {
    const altered = `${TEXT.replace('answer', 'ANSWER')}\n${PETER_SIG}`;
    const error = noteError(() => verifyNote(altered, parseVerifierKey(PETER_VERIFIER)));
    expect(error.problem).toBe(NOTE_PROBLEMS.badSignature);
    expect(error.message).toContain('PeterNeumann+c74f20a3');
  });

  it('refuses a note signed only by another key (unknown key), naming who did sign', () => {
    const error = noteError(() => verifyNote(`${TEXT}\n${ENOCH_SIG}`, parseVerifierKey(PETER_VERIFIER)));
    expect(error.problem).toBe(NOTE_PROBLEMS.unknownKey);
    expect(error.message).toBe(
      'not signed by key PeterNeumann+c74f20a3 (unknown key): it carries signatures by EnochRoot+af0cfe78',
    );
  });

  it.each([
    [TEXT, 'malformed note: no blank line between the text and the signatures'],
    [`${TEXT}\n`, 'malformed line 4: no signature after the blank line'],
    [`${TEXT}\n${PETER_SIG.slice(0, -1)}`, 'malformed line 4: the last line has no newline'],
    [`\u0001${TEXT}\n${PETER_SIG}`, 'malformed line 1: character U+0001 is not allowed in a note'],
    [
      `${TEXT}\n— Bad Name x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`,
      'malformed line 4: the signature is not base64',
    ],
    [`${TEXT}\n${PETER_SIG}Unexpected line.\n`, 'malformed line 5: a signature line starts with "— "'],
    [`${TEXT}\n${PETER_SIG}`.replace('\n\n', '\r\n\n'), 'malformed line 2: character U+000D'],
  ])("refuses Go's malformed notes, naming the line: %j", (message, expected) => {
    const error = noteError(() => parseNote(message));
    expect(error.problem).toBe(NOTE_PROBLEMS.malformed);
    expect(error.message).toContain(expected);
  });
});

describe('checkpoints (C2SP tlog-checkpoint)', () => {
  const checkpoint: Checkpoint = { origin: ORIGIN, size: 1000, root: leafHash('root'), extensions: [] };

  it('writes the three lines of the spec', () => {
    expect(checkpointText(checkpoint)).toBe(`${ORIGIN}\n1000\n${checkpoint.root.toString('base64')}\n`);
  });

  it("reads the spec's example", () => {
    const { checkpoint: read, signatures } = openCheckpoint(C2SP_EXAMPLE);
    expect(read.origin).toBe('example.com/behind-the-sofa');
    expect(read.size).toBe(20852163);
    expect(read.root.toString('base64')).toBe('CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=');
    expect(signatures[0]?.name).toBe('example.com/behind-the-sofa');
    expect(signatures[0]?.signature.length).toBe(64);
  });

  it('signs and verifies a checkpoint, and refuses one whose size or root was altered', () => {
    const keys = generateNoteKeys(ORIGIN, SEED);
    const signed = signCheckpoint(checkpoint, keys.signerKey);
    expect(verifyCheckpoint(signed, keys.verifierKey)).toEqual(checkpoint);
    const shrunk = signed.replace('\n1000\n', '\n999\n');
    expect(noteError(() => verifyCheckpoint(shrunk, keys.verifierKey)).problem).toBe(
      NOTE_PROBLEMS.badSignature,
    );
    const otherRoot = signed.replace(
      checkpoint.root.toString('base64'),
      leafHash('other').toString('base64'),
    );
    expect(noteError(() => verifyCheckpoint(otherRoot, keys.verifierKey)).problem).toBe(
      NOTE_PROBLEMS.badSignature,
    );
    const stranger = generateNoteKeys(ORIGIN, Buffer.alloc(32, 9)).verifierKey;
    expect(noteError(() => verifyCheckpoint(signed, stranger)).problem).toBe(NOTE_PROBLEMS.unknownKey);
  });

  it('verifies a checkpoint signed by a key made with Go (PeterNeumann)', () => {
    const signed = signCheckpoint(checkpoint, PETER_SIGNER);
    expect(signed.endsWith('\n')).toBe(true);
    expect(verifyCheckpoint(signed, PETER_VERIFIER).size).toBe(1000);
  });

  it.each([
    ['\n1\nAAAA\n', 'malformed line 1 of the checkpoint: the origin is empty'],
    [`${ORIGIN}\n01\n${leafHash('x').toString('base64')}\n`, 'malformed line 2 of the checkpoint: "01"'],
    [`${ORIGIN}\n-1\n${leafHash('x').toString('base64')}\n`, 'malformed line 2 of the checkpoint'],
    [
      `${ORIGIN}\n1\nAAAA\n`,
      'malformed line 3 of the checkpoint: "AAAA" is not the base64 of a 32-byte root',
    ],
    [`${ORIGIN}\n1\n${leafHash('x').toString('base64')}\next\n\n`, 'malformed line 5 of the checkpoint'],
  ])('refuses a malformed checkpoint text %j', (text, expected) => {
    const error = noteError(() => parseCheckpointText(text));
    expect(error.message).toContain(expected);
  });
});
