// What a janus session keeps alive: opened again with backoff after a failure, not when the caller
// says to wait (offline), restarted when broken, and never left open after close.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepAlive } from './keptAlive.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function kept(open: () => Promise<string>, retryAfter: (error: unknown) => boolean = () => true) {
  const disposed: string[] = [];
  const errors: unknown[] = [];
  const value = keepAlive({
    open,
    dispose: (item) => disposed.push(item),
    retryAfter,
    onError: (error) => errors.push(error),
    onChange: () => undefined,
    random: () => 0.999,
  });
  return { value, disposed, errors };
}

describe('keeping a negotiation alive', () => {
  it('opens again after a failure, waiting longer each time, until it succeeds', async () => {
    const open = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('media server unreachable'))
      .mockRejectedValueOnce(new Error('media server unreachable'))
      .mockResolvedValue('publisher');
    const { value, errors } = kept(open);

    value.ensure();
    await vi.advanceTimersByTimeAsync(0);
    expect(open).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(open).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(open).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(open).toHaveBeenCalledTimes(3);
    expect(value.current()).toBe('publisher');
    expect(errors).toHaveLength(2);
  });

  it('waits for the next ensure after a failure it must not retry by itself (offline)', async () => {
    const open = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('ok');
    const { value } = kept(open, () => false);

    value.ensure();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(open).toHaveBeenCalledTimes(1);
    value.ensure();
    await vi.advanceTimersByTimeAsync(0);
    expect(value.current()).toBe('ok');
  });

  it('disposes a broken value and opens a new one after a delay; reopen does it at once', async () => {
    let count = 0;
    const { value, disposed } = kept(async () => `subscriber ${++count}`);
    value.ensure();
    await vi.advanceTimersByTimeAsync(0);

    value.restart();
    expect(disposed).toEqual(['subscriber 1']);
    expect(value.current()).toBeNull();
    await vi.advanceTimersByTimeAsync(500);
    expect(value.current()).toBe('subscriber 2');

    value.reopen();
    await vi.advanceTimersByTimeAsync(0);
    expect(value.current()).toBe('subscriber 3');
  });

  it('disposes what finishes opening after close', async () => {
    let finish: (value: string) => void = () => {};
    const { value, disposed } = kept(() => new Promise((resolve) => (finish = resolve)));
    value.ensure();
    value.close();
    finish('late publisher');
    await vi.advanceTimersByTimeAsync(0);
    expect(disposed).toEqual(['late publisher']);
    expect(value.current()).toBeNull();
  });
});
