// The inspector's verifier as an inspector runs it: the real CLI in a child process on package files in
// a temporary folder, each altered the way a forger or an accident would, and the exit code and first
// problem it reports. Needs no database: only files and the node binary.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCheckpoint, signCheckpoint } from './checkpoint.ts';
import {
  buildExportPackage,
  type EventFields,
  eventLeafHash,
  eventLine,
  headerLine,
  parseHeader,
} from './exportPackage.ts';
import { MerkleTreeBuilder } from './merkle.ts';
import { generateNoteKeys } from './noteKeys.ts';
import { sampleSessionEvents } from './testing/sampleEvents.ts';
import { verifyPackage } from './verifyPackage.ts';
import { PROBLEMS, type VerifyResult } from './verifyResult.ts';

const CLI = path.join(import.meta.dirname, 'cli.ts');
const ORIGIN = 'lablive.test/labs/7/sessions/1234';
const LAB_KEYS = generateNoteKeys(ORIGIN, Buffer.alloc(32, 1));
const FORGER_KEYS = generateNoteKeys(ORIGIN, Buffer.alloc(32, 2));
const EVENTS = [...sampleSessionEvents(1000, 42)];

let folder = '';
let original = '';

function runCli(...args: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function jsonResult(...args: string[]): { code: number | null; result: VerifyResult } {
  const run = runCli(...args, '--json');
  return { code: run.code, result: JSON.parse(run.stdout) as VerifyResult };
}

function write(name: string, text: string | Buffer): string {
  const file = path.join(folder, name);
  writeFileSync(file, text);
  return file;
}

const seal = (events: readonly EventFields[], signerKey = LAB_KEYS.signerKey) =>
  buildExportPackage({
    kind: 'session',
    origin: ORIGIN,
    createdAt: '2025-03-14T12:00:00.000Z',
    signerKey,
    events,
  });

const linesOf = (text: string) => text.split('\n').slice(0, -1);
const joinLines = (lines: readonly string[]) => `${lines.join('\n')}\n`;

/** The package with event `seq`'s line replaced by the line of other fields, hash recomputed to match. */
function rewriteWithHash(text: string, seq: number, fields: EventFields): string[] {
  const lines = linesOf(text);
  lines[seq] = eventLine({ ...fields, seq, hash: eventLeafHash(seq, fields).toString('base64') }).trimEnd();
  return lines;
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'lablive-verify-'));
  original = await seal(EVENTS);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('lablive-verify on an untouched export', () => {
  it('verifies it (exit 0) against the lab key given as text or as a file', () => {
    const file = write('untouched.jsonl', original);
    const run = runCli(file, '--key', LAB_KEYS.verifierKey);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('VERIFIED: the 1,000 events are exactly those the key above signed');
    expect(run.stdout).toContain('(the key you gave with --key)');
    const keyFile = write('lab.key', `${LAB_KEYS.verifierKey}\n`);
    const { code, result } = jsonResult(file, '--key', keyFile);
    expect(code).toBe(0);
    expect(result).toMatchObject({
      verified: true,
      events: 1000,
      origin: ORIGIN,
      kind: 'session',
      problem: null,
    });
    expect(result.root).toBe(result.checkpoint?.root);
    expect(result.key?.source).toBe('trusted');
  });

  it('without --key, verifies against the package key and says the key ID must be compared', () => {
    const run = runCli(write('untouched-nokey.jsonl', original));
    expect(run.code).toBe(0);
    const id = LAB_KEYS.verifierKey.split('+')[1] as string;
    expect(run.stdout).toContain(
      `taken from the package itself: compare key ID ${id} with the lab's published key`,
    );
  });
});

describe('lablive-verify on an altered export', () => {
  it('names event 500 when one byte of its content changed (exit 1)', () => {
    const bytes = Buffer.from(original);
    const line = bytes.indexOf(Buffer.from(`${linesOf(original)[500]}\n`));
    const room = bytes.indexOf(Buffer.from('"roomId":"room-'), line) + '"roomId":"'.length;
    bytes[room] = 's'.charCodeAt(0);
    const run = runCli(write('one-byte.jsonl', bytes), '--key', LAB_KEYS.verifierKey);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'NOT VERIFIED: Event 500 was altered (line 501): it no longer matches the hash recorded when it was logged.',
    );
  });

  it('names event 500 whichever single byte of its line changed', async () => {
    const bytes = Buffer.from(original);
    const start = bytes.indexOf(Buffer.from(`${linesOf(original)[500]}\n`));
    const length = Buffer.byteLength(linesOf(original)[500] as string);
    for (let offset = start; offset < start + length; offset++) {
      const altered = Buffer.from(bytes);
      altered[offset] = (altered[offset] ?? 0) ^ 1;
      const file = write('sweep.jsonl', altered);
      const result = await verifyPackage(file, { trustedKey: LAB_KEYS.verifierKey });
      expect(result.verified, `byte ${offset - start}`).toBe(false);
      expect(result.problem?.line, `byte ${offset - start}: ${result.problem?.message}`).toBe(501);
      expect(result.problem?.message, `byte ${offset - start}`).toMatch(/event 500\b/i);
    }
  });

  it('says an invalid UTF-8 byte is where event 500 belongs', () => {
    const bytes = Buffer.from(original);
    const start = bytes.indexOf(Buffer.from(`${linesOf(original)[500]}\n`));
    bytes[start + 30] = 0xff;
    const { code, result } = jsonResult(write('not-utf8.jsonl', bytes));
    expect(code).toBe(1);
    expect(result.problem).toMatchObject({ code: PROBLEMS.notUtf8, line: 501 });
    expect(result.problem?.message).toContain('Line 501 (where event 500 belongs) is not UTF-8 text');
  });

  it('names event 300 as missing when its line was removed', () => {
    const lines = linesOf(original);
    lines.splice(300, 1);
    const { code, result } = jsonResult(write('missing-300.jsonl', joinLines(lines)));
    expect(code).toBe(1);
    expect(result.problem).toMatchObject({ code: PROBLEMS.missingEvents, events: [300], line: 301 });
    expect(result.problem?.message).toBe('Event 300 is missing: event 301 follows event 299 at line 301.');
    expect(result.events).toBe(299);
  });

  it('names the range when several events were removed', () => {
    const lines = linesOf(original);
    lines.splice(300, 5);
    const { result } = jsonResult(write('missing-range.jsonl', joinLines(lines)));
    expect(result.problem?.message).toBe(
      'Events 300 to 304 are missing: event 305 follows event 299 at line 301.',
    );
  });

  it('names events 10 and 11 when they were swapped', () => {
    const lines = linesOf(original);
    [lines[10], lines[11]] = [lines[11] as string, lines[10] as string];
    const run = runCli(write('swapped.jsonl', joinLines(lines)), '--key', LAB_KEYS.verifierKey);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'NOT VERIFIED: Events 10 and 11 are swapped: line 11 holds event 11 and line 12 event 10.',
    );
  });

  it('says an event was moved further down', () => {
    const lines = linesOf(original);
    const [moved] = lines.splice(10, 1);
    lines.splice(20, 0, moved as string);
    const { result } = jsonResult(write('moved.jsonl', joinLines(lines)));
    expect(result.problem).toMatchObject({ code: PROBLEMS.outOfOrder, events: [10, 11], line: 11 });
    expect(result.problem?.message).toContain('event 10 is at line 21');
  });

  it('says an event appears twice', () => {
    const lines = linesOf(original);
    lines.splice(51, 0, lines[40] as string);
    const { result } = jsonResult(write('duplicated.jsonl', joinLines(lines)));
    expect(result.problem).toMatchObject({ code: PROBLEMS.outOfOrder, line: 52 });
    expect(result.problem?.message).toContain('line 52, where event 51 belongs, holds event 40 again');
  });

  it('reports a root mismatch when content and hash were both rewritten', () => {
    const lines = rewriteWithHash(original, 500, { ...EVENTS[499], text: 'nothing to report' });
    const { code, result } = jsonResult(
      write('rewritten.jsonl', joinLines(lines)),
      '--key',
      LAB_KEYS.verifierKey,
    );
    expect(code).toBe(1);
    expect(result.problem?.code).toBe(PROBLEMS.rootMismatch);
    expect(result.problem?.message).toContain(
      'The events do not hash to the signed root: altered, and the recorded hashes were rewritten too',
    );
    expect(result.events).toBe(1000);
  });

  it('reports a bad signature when the rewrite also put the new root in the checkpoint', () => {
    const lines = rewriteWithHash(original, 500, { ...EVENTS[499], text: 'nothing to report' });
    const tree = new MerkleTreeBuilder();
    for (let seq = 1; seq <= 1000; seq++) {
      tree.append(Buffer.from(JSON.parse(lines[seq] as string).hash, 'base64'));
    }
    const header = parseHeader(lines[0] as string);
    const oldRoot = openCheckpoint(header.checkpoint).checkpoint.root.toString('base64');
    lines[0] = headerLine({
      ...header,
      checkpoint: header.checkpoint.replace(oldRoot, tree.root().toString('base64')),
    }).trimEnd();
    const { code, result } = jsonResult(
      write('resigned-root.jsonl', joinLines(lines)),
      '--key',
      LAB_KEYS.verifierKey,
    );
    expect(code).toBe(1);
    expect(result.problem?.code).toBe(PROBLEMS.badSignature);
    expect(result.problem?.message).toContain('is not valid (bad signature)');
  });

  it('reports events removed at the end, where the seq numbers are still in order', () => {
    const { result } = jsonResult(write('truncated.jsonl', joinLines(linesOf(original).slice(0, -2))));
    expect(result.problem?.code).toBe(PROBLEMS.sizeMismatch);
    expect(result.problem?.message).toBe(
      'The package holds 998 events but its signed checkpoint covers 1000: 2 events at the end were removed.',
    );
  });

  it('reports an event that is not written canonically', () => {
    const lines = linesOf(original);
    lines[700] = (lines[700] as string).replace('{', '{ ');
    const { result } = jsonResult(write('spaced.jsonl', joinLines(lines)));
    expect(result.problem).toMatchObject({ code: PROBLEMS.notCanonical, line: 701, events: [700] });
  });
});

describe('lablive-verify and keys', () => {
  it('refuses a package re-signed with another key when --key gives the lab key', async () => {
    const forged = write('forged.jsonl', await seal(EVENTS, FORGER_KEYS.signerKey));
    const run = runCli(forged, '--key', LAB_KEYS.verifierKey);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /NOT VERIFIED: The package is signed by key .*, not by the key you gave .*: refused\./,
    );
    // Without --key it verifies against its own key, and shows that key's ID for the inspector to compare.
    const alone = runCli(forged);
    expect(alone.code).toBe(0);
    expect(alone.stdout).toContain(`compare key ID ${FORGER_KEYS.verifierKey.split('+')[1]}`);
  });

  it("refuses a checkpoint signed by another key under the lab key's name in the header", () => {
    const lines = linesOf(original);
    const header = parseHeader(lines[0] as string);
    const { checkpoint } = openCheckpoint(header.checkpoint);
    lines[0] = headerLine({
      ...header,
      checkpoint: signCheckpoint(checkpoint, FORGER_KEYS.signerKey),
    }).trimEnd();
    const { code, result } = jsonResult(
      write('other-signer.jsonl', joinLines(lines)),
      '--key',
      LAB_KEYS.verifierKey,
    );
    expect(code).toBe(1);
    expect(result.problem?.code).toBe(PROBLEMS.unknownKey);
    expect(result.problem?.message).toContain('(unknown key)');
  });
});

describe('lablive-verify --extends', () => {
  it('accepts a later export that extends the earlier one', async () => {
    const earlier = write('earlier.jsonl', await seal(EVENTS.slice(0, 600)));
    const later = write('later.jsonl', original);
    const run = runCli(later, '--extends', earlier, '--key', LAB_KEYS.verifierKey);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Extends: .*earlier\.jsonl \(600 events\): this export extends it/);
    const { result } = jsonResult(later, '--extends', earlier);
    expect(result.extends).toMatchObject({ events: 600, extended: true });
    expect(result.extends?.proofHashes).toBeGreaterThan(0);
  });

  it('refuses a rewritten history, though the rewritten export verifies on its own', async () => {
    const earlier = write('earlier-2.jsonl', await seal(EVENTS.slice(0, 600)));
    const history = EVENTS.map((fields, index) =>
      index === 122 ? { ...fields, text: 'never said' } : fields,
    );
    const rewritten = write('rewritten-history.jsonl', await seal(history));
    expect(runCli(rewritten, '--key', LAB_KEYS.verifierKey).code).toBe(0);
    const { code, result } = jsonResult(rewritten, '--extends', earlier, '--key', LAB_KEYS.verifierKey);
    expect(code).toBe(1);
    expect(result.extends?.extended).toBe(false);
    expect(result.problem).toMatchObject({ code: PROBLEMS.notAnExtension, events: [123] });
    expect(result.problem?.message).toContain('This export does NOT extend the earlier one');
    expect(result.problem?.message).toContain('event 123 differs (history was rewritten)');
  });

  it('refuses an earlier export longer than the later one', async () => {
    const earlier = write('longer.jsonl', original);
    const later = write('shorter.jsonl', await seal(EVENTS.slice(0, 10)));
    const { code, result } = jsonResult(later, '--extends', earlier);
    expect(code).toBe(1);
    expect(result.problem?.code).toBe(PROBLEMS.earlierIsLonger);
  });
});

describe('lablive-verify usage', () => {
  it('exits 2 on a usage error, a missing file or a malformed --key', () => {
    expect(runCli().code).toBe(2);
    expect(runCli('a.jsonl', '--frobnicate').code).toBe(2);
    const missing = runCli(path.join(folder, 'no-such-file.jsonl'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read');
    const badKey = runCli(write('for-key.jsonl', original), '--key', 'lab+12345678+AAAA');
    expect(badKey.code).toBe(2);
    expect(badKey.stderr).toContain('--key is not a verifier key');
  });

  it('exits 1 on a file that is not an export package', () => {
    const run = runCli(write('notes.txt', 'hello\nworld\n'));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Not a LabLive export package');
    expect(readFileSync(path.join(folder, 'notes.txt'), 'utf8')).toBe('hello\nworld\n');
  });
});
