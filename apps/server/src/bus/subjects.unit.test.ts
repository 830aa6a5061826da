import { describe, expect, it } from 'vitest';
import { decodeJson, encodeJson } from './json.ts';
import { assertSubject, isWildcard, subjectMatches } from './subjects.ts';

describe('subjects', () => {
  it('match NATS wildcards: * one token, > one or more trailing tokens', () => {
    const cases: Array<[string, string, boolean]> = [
      ['room.1.events', 'room.1.events', true],
      ['room.1.events', 'room.2.events', false],
      ['room.*.events', 'room.1.events', true],
      ['room.*.events', 'room.1.2.events', false],
      ['room.*', 'room', false],
      ['room.>', 'room.1', true],
      ['room.>', 'room.1.events.x', true],
      ['room.>', 'room', false],
      ['>', 'anything.at.all', true],
      ['*.*', 'a.b', true],
      ['*.*', 'a.b.c', false],
      ['room.1', 'room.1.events', false],
    ];
    for (const [pattern, subject, expected] of cases) {
      expect(subjectMatches(pattern, subject), `${pattern} ~ ${subject}`).toBe(expected);
    }
    expect(isWildcard('room.*.events')).toBe(true);
    expect(isWildcard('room.1.events')).toBe(false);
  });

  it('refuse malformed subjects, and wildcards where a literal subject is needed', () => {
    for (const bad of ['', 'a..b', '.a', 'a.', 'a b', 'a.b*', 'a.>.b']) {
      expect(() => assertSubject(bad, { wildcards: true }), bad).toThrow(/Subject/);
    }
    expect(() => assertSubject('a.*', { wildcards: false })).toThrow(/only subscriptions/);
    expect(() => assertSubject('a.*.>', { wildcards: true })).not.toThrow();
    expect(() => assertSubject('room.12.cmd', { wildcards: false })).not.toThrow();
  });

  it('carry JSON as UTF-8 bytes both ways', () => {
    const value = { text: 'déjà vu ✓', n: 3, list: [null, true] };
    expect(decodeJson(encodeJson(value))).toEqual(value);
    expect(() => encodeJson(undefined)).toThrow(TypeError);
    expect(() => decodeJson(new Uint8Array([0xff]))).toThrow();
  });
});
