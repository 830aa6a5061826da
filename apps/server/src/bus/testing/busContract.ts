// The behaviour every bus adapter must have, as one vitest suite taking a factory: bus.int.test.ts runs
// it against the in-process bus and against NATS. Each test uses its own random subjects, so runs that
// share a NATS server never see each other's messages.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Bus, BusKind } from '../bus.ts';
import { BusError } from '../errors.ts';
import { decodeJson, encodeJson } from '../json.ts';

const MiB = 1024 * 1024;

function uniquePrefix(): string {
  return `test.${randomBytes(6).toString('hex')}`;
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}

function collector() {
  const received: Array<{ subject: string; payload: Uint8Array }> = [];
  return {
    received,
    handler: (payload: Uint8Array, subject: string) => {
      received.push({ subject, payload });
    },
    texts: () => received.map((message) => new TextDecoder().decode(message.payload)),
    subjects: () => received.map((message) => message.subject),
  };
}

const text = (value: string) => new TextEncoder().encode(value);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('expected a rejection'),
    (error: unknown) => error,
  );
}

export function busContract(kind: BusKind, createBus: () => Promise<Bus>): void {
  let bus: Bus;
  beforeAll(async () => {
    bus = await createBus();
  });
  afterAll(() => bus.close());

  it('says what it is and that it is healthy', () => {
    expect(bus.kind).toBe(kind);
    expect(bus.healthy()).toBe(true);
    expect(bus.maxPayload).toBeGreaterThanOrEqual(MiB);
  });

  publishSubscribeContract(() => bus);
  requestReplyContract(() => bus);
  limitsAndCloseContract(() => bus, createBus);
}

/** Publish and subscribe: order, asynchrony, wildcards, fan-out and unsubscribing. */
function publishSubscribeContract(use: () => Bus): void {
  it('delivers published messages in order, never inside the publisher', async () => {
    const subject = `${uniquePrefix()}.room.1.events`;
    const sink = collector();
    use().subscribe(subject, sink.handler);
    await use().flush();
    use().publish(subject, text('0'));
    expect(sink.received).toHaveLength(0);
    for (let index = 1; index < 200; index++) use().publish(subject, text(String(index)));
    await waitFor(() => sink.received.length >= 200, '200 messages');
    expect(sink.texts()).toEqual(Array.from({ length: 200 }, (_, index) => String(index)));
    expect(new Set(sink.subjects())).toEqual(new Set([subject]));
  });

  it('routes wildcards: * one token, > the rest', async () => {
    const prefix = uniquePrefix();
    const oneToken = collector();
    const rest = collector();
    const everything = collector();
    use().subscribe(`${prefix}.*.chat`, oneToken.handler);
    use().subscribe(`${prefix}.room.>`, rest.handler);
    use().subscribe(`${prefix}.>`, everything.handler);
    await use().flush();
    const subjects = ['a.chat', 'b.chat', 'a.b.chat', 'room', 'room.1', 'room.1.events', 'end'];
    for (const subject of subjects) use().publish(`${prefix}.${subject}`, text(subject));
    await waitFor(() => everything.texts().includes('end'), 'the last message');
    expect(oneToken.texts()).toEqual(['a.chat', 'b.chat']);
    expect(rest.texts()).toEqual(['room.1', 'room.1.events']);
    expect(everything.texts()).toEqual(subjects);
    expect(rest.subjects()).toEqual([`${prefix}.room.1`, `${prefix}.room.1.events`]);
  });

  it('gives each message to every subscriber, and stops at unsubscribe', async () => {
    const subject = `${uniquePrefix()}.fanout`;
    const first = collector();
    const second = collector();
    const subscription = use().subscribe(subject, first.handler);
    use().subscribe(subject, second.handler);
    await use().flush();
    for (const value of ['a', 'b', 'c']) use().publish(subject, text(value));
    await waitFor(() => first.received.length >= 3 && second.received.length >= 3, 'both subscribers');
    expect(first.texts()).toEqual(['a', 'b', 'c']);
    expect(second.texts()).toEqual(['a', 'b', 'c']);

    use().publish(subject, text('d'));
    subscription.unsubscribe();
    subscription.unsubscribe();
    use().publish(subject, text('e'));
    await waitFor(() => second.received.length >= 5, 'the remaining subscriber');
    expect(second.texts()).toEqual(['a', 'b', 'c', 'd', 'e']);
    // 'd' was published before unsubscribe but may still have been on its way: never 'e'.
    expect(first.texts().slice(0, 3)).toEqual(['a', 'b', 'c']);
    expect(first.texts()).not.toContain('e');
  });
}

/** Request and reply: one answer, queue groups, nobody listening, nobody answering, a failing replier. */
function requestReplyContract(use: () => Bus): void {
  it('answers a request through a replier', async () => {
    const subject = `${uniquePrefix()}.room.7.cmd`;
    use().reply(subject, async (payload, replySubject) => {
      const command = decodeJson(payload);
      await sleep(1);
      return encodeJson({ received: command, on: replySubject });
    });
    await use().flush();
    const answer = await use().request(subject, encodeJson({ type: 'SendChatMessage' }), {
      timeoutMs: 5_000,
    });
    expect(answer).toBeInstanceOf(Uint8Array);
    expect(decodeJson(answer)).toEqual({ received: { type: 'SendChatMessage' }, on: subject });
  });

  it('has each request answered by one replier of a queue group', async () => {
    const subject = `${uniquePrefix()}.room.8.cmd`;
    const calls = { a: 0, b: 0 };
    use().reply(subject, () => {
      calls.a++;
      return text('a');
    });
    use().reply(subject, () => {
      calls.b++;
      return text('b');
    });
    await use().flush();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => use().request(subject, text('?'), { timeoutMs: 5_000 })),
    );
    await sleep(50);
    expect(calls.a + calls.b).toBe(40);
    expect(answers.map((answer) => new TextDecoder().decode(answer)).sort()).toEqual(
      [...Array(calls.a).fill('a'), ...Array(calls.b).fill('b')].sort(),
    );
    expect(calls.a).toBeGreaterThan(0);
    expect(calls.b).toBeGreaterThan(0);
  });

  it('rejects a request nobody listens to at once, with no_responders', async () => {
    const started = Date.now();
    const error = await rejection(use().request(`${uniquePrefix()}.nobody`, text('?'), { timeoutMs: 5_000 }));
    expect(error).toBeInstanceOf(BusError);
    expect(error).toMatchObject({ code: 'no_responders', name: 'NoRespondersError' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('rejects a request nobody answers in time, with bus_timeout', async () => {
    const subject = `${uniquePrefix()}.silent`;
    use().subscribe(subject, () => {});
    await use().flush();
    const started = Date.now();
    const error = await rejection(use().request(subject, text('?'), { timeoutMs: 300 }));
    const elapsed = Date.now() - started;
    expect(error).toMatchObject({ code: 'bus_timeout', name: 'BusTimeoutError', timeoutMs: 300 });
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(3_000);
  });

  it('turns a failing replier into a clear error for the requester', async () => {
    const prefix = uniquePrefix();
    use().reply(`${prefix}.throws`, () => {
      throw new Error('room 9 is\nfull');
    });
    use().reply(`${prefix}.rejects`, async () => {
      throw new Error('no such room');
    });
    await use().flush();
    const thrown = await rejection(use().request(`${prefix}.throws`, text('?'), { timeoutMs: 5_000 }));
    expect(thrown).toMatchObject({ code: 'handler_failed', remoteMessage: 'room 9 is full' });
    expect(String(thrown)).toContain('room 9 is full');
    const rejected = await rejection(use().request(`${prefix}.rejects`, text('?'), { timeoutMs: 5_000 }));
    expect(rejected).toMatchObject({ code: 'handler_failed', remoteMessage: 'no such room' });
  });
}

/** What travels and what is refused, and a bus closed with messages in flight. */
function limitsAndCloseContract(use: () => Bus, createBus: () => Promise<Bus>): void {
  it('carries binary payloads byte for byte, up to 1 MiB, copied at publish', async () => {
    const subject = `${uniquePrefix()}.bytes`;
    const sink = collector();
    use().subscribe(subject, sink.handler);
    use().reply(`${subject}.echo`, (payload) => payload);
    await use().flush();
    const big = new Uint8Array(randomBytes(MiB));
    const expected = big.slice();
    use().publish(subject, big);
    big.fill(0);
    use().publish(subject, new Uint8Array(0));
    await waitFor(() => sink.received.length >= 2, 'the payloads', 10_000);
    expect(sink.received[0]?.payload.byteLength).toBe(MiB);
    expect(Buffer.compare(sink.received[0]?.payload ?? new Uint8Array(0), expected)).toBe(0);
    expect(sink.received[1]?.payload.byteLength).toBe(0);

    const echoed = await use().request(`${subject}.echo`, expected, { timeoutMs: 10_000 });
    expect(Buffer.compare(echoed, expected)).toBe(0);
  });

  it('refuses what it could not deliver: oversized payloads, malformed subjects', () => {
    const prefix = uniquePrefix();
    expect(() => use().publish(`${prefix}.big`, new Uint8Array(use().maxPayload + 1))).toThrow(
      expect.objectContaining({ code: 'payload_too_large' }),
    );
    for (const subject of ['', `${prefix}..a`, `${prefix}.*`, `${prefix}.>`, `${prefix}.a b`]) {
      expect(() => use().publish(subject, text('x')), subject).toThrow(
        expect.objectContaining({ code: 'invalid_subject' }),
      );
    }
    expect(() => use().subscribe(`${prefix}.>.a`, () => {})).toThrow(
      expect.objectContaining({ code: 'invalid_subject' }),
    );
  });

  it('delivers what was published before close, then refuses to be used', async () => {
    const own = await createBus();
    const subject = `${uniquePrefix()}.closing`;
    const sink = collector();
    own.subscribe(subject, sink.handler);
    own.reply(`${subject}.never`, () => new Promise<Uint8Array>(() => {}));
    await own.flush();
    const pending = rejection(own.request(`${subject}.never`, text('?'), { timeoutMs: 10_000 }));
    for (const value of ['a', 'b', 'c']) own.publish(subject, text(value));
    const started = Date.now();
    await own.close();
    expect(sink.texts()).toEqual(['a', 'b', 'c']);
    expect(await pending).toMatchObject({ code: 'bus_closed' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(own.healthy()).toBe(false);
    expect(() => own.publish(subject, text('d'))).toThrow(expect.objectContaining({ code: 'bus_closed' }));
    await expect(own.request(subject, text('?'), { timeoutMs: 100 })).rejects.toMatchObject({
      code: 'bus_closed',
    });
    await own.close();
  });
}
