// A deployment's subjects live under its prefix: two clusters on one NATS never mix, and the rest of the
// server still names `room.<id>.*`.
import { describe, expect, it } from 'vitest';
import { createInProcessBus } from './index.ts';
import { defaultSubjectPrefix, prefixedBus } from './prefixedBus.ts';

const text = (value: string) => new TextEncoder().encode(value);

describe('prefixed bus', () => {
  it('keeps two deployments on one bus apart, and tells handlers the unprefixed subject', async () => {
    const shared = createInProcessBus();
    const one = prefixedBus(shared, 'lablive.one');
    const two = prefixedBus(shared, 'lablive.two');
    const seen: string[] = [];
    one.subscribe('room.*.events', (payload, subject) => {
      seen.push(`${subject}:${new TextDecoder().decode(payload)}`);
    });
    two.reply('room.1.cmd', () => text('two'));
    one.reply('room.1.cmd', () => text('one'));
    two.publish('room.1.events', text('from two'));
    one.publish('room.1.events', text('from one'));
    expect(new TextDecoder().decode(await one.request('room.1.cmd', text('?'), { timeoutMs: 1000 }))).toBe(
      'one',
    );
    await one.flush();
    expect(seen).toEqual(['room.1.events:from one']);
    await shared.close();
  });

  it('derives the default prefix from the database name', () => {
    expect(defaultSubjectPrefix('postgres://u@db:5432/lablive')).toBe('lablive.lablive');
    expect(defaultSubjectPrefix('postgres://u@db/lab-live.prod')).toBe('lablive.lab-live_prod');
  });
});
