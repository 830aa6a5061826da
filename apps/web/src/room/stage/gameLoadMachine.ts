// The stage's loading (live-room spec, sections 4 and 9): a percentage that only grows until 100 %,
// then a 500 ms fade of the loading screen before the game is shown alone. A load that fails stays
// on a failure the screen explains, and a new media (or a retry) starts over.
import { assign, setup } from 'xstate';

/** Game fade-out (live-room spec, section 9). */
export const GAME_FADE_OUT_MS = 500;

export type GameLoadContext = { progress: number; error: string | null };

export type GameLoadEvent =
  | { type: 'load.progress'; percent: number }
  | { type: 'load.failed'; error: string }
  | { type: 'load.restart' };

/** A percentage as the bar shows it: whole, within 0..100, and never below what was shown. */
export function nextProgress(current: number, reported: number): number {
  if (!Number.isFinite(reported)) return current;
  return Math.max(current, Math.min(100, Math.max(0, Math.round(reported))));
}

export const gameLoadMachine = setup({
  types: { context: {} as GameLoadContext, events: {} as GameLoadEvent },
  delays: { fadeOut: GAME_FADE_OUT_MS },
  guards: {
    reachesFull: ({ context, event }) =>
      event.type === 'load.progress' && nextProgress(context.progress, event.percent) === 100,
  },
  actions: {
    recordProgress: assign({
      progress: ({ context, event }) =>
        event.type === 'load.progress' ? nextProgress(context.progress, event.percent) : context.progress,
    }),
    recordError: assign({ error: ({ event }) => (event.type === 'load.failed' ? event.error : null) }),
    reset: assign({ progress: 0, error: null }),
  },
}).createMachine({
  id: 'gameLoad',
  context: { progress: 0, error: null },
  initial: 'loading',
  on: { 'load.restart': { target: '.loading', actions: 'reset', reenter: true } },
  states: {
    loading: {
      on: {
        'load.progress': [
          { guard: 'reachesFull', target: 'fading', actions: 'recordProgress' },
          { actions: 'recordProgress' },
        ],
        'load.failed': { target: 'failed', actions: 'recordError' },
      },
    },
    fading: { after: { fadeOut: 'ready' } },
    ready: {},
    failed: {},
  },
});

export type GameLoadPhase = 'loading' | 'fading' | 'ready' | 'failed';
