// The stage's load: progress to 100 %, then the 500 ms fade, on a manual clock.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { manualClock } from '../testing/manualClock.ts';
import { GAME_FADE_OUT_MS, gameLoadMachine, nextProgress } from './gameLoadMachine.ts';

const start = () => {
  const { clock, advance } = manualClock();
  const actor = createActor(gameLoadMachine, { clock }).start();
  return { actor, advance };
};

describe('game load machine', () => {
  it('counts the progress up while loading', () => {
    const { actor } = start();

    actor.send({ type: 'load.progress', percent: 30 });
    actor.send({ type: 'load.progress', percent: 65.4 });

    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.progress).toBe(65);
  });

  it('fades for 500 ms once at 100 %, then shows the game', () => {
    const { actor, advance } = start();

    actor.send({ type: 'load.progress', percent: 100 });
    expect(actor.getSnapshot().matches('fading')).toBe(true);
    advance(GAME_FADE_OUT_MS - 1);
    expect(actor.getSnapshot().matches('fading')).toBe(true);
    advance(1);

    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(GAME_FADE_OUT_MS).toBe(500);
  });

  it('never shows the bar going back, nor past 100 %', () => {
    expect(nextProgress(50, 20)).toBe(50);
    expect(nextProgress(50, 140)).toBe(100);
    expect(nextProgress(0, -5)).toBe(0);
    expect(nextProgress(10, Number.NaN)).toBe(10);
  });

  it('keeps a failure, and starts over on restart', () => {
    const { actor } = start();
    actor.send({ type: 'load.progress', percent: 40 });

    actor.send({ type: 'load.failed', error: 'The quiz could not be loaded' });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('The quiz could not be loaded');
    actor.send({ type: 'load.restart' });

    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ progress: 0, error: null });
  });

  it('restarts for a new media even after the game was shown', () => {
    const { actor, advance } = start();
    actor.send({ type: 'load.progress', percent: 100 });
    advance(GAME_FADE_OUT_MS);

    actor.send({ type: 'load.restart' });

    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.progress).toBe(0);
  });
});
