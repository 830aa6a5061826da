// Every projection of the log the server runs, and the command line rebuilds, in one list.
import type { Projection } from './projection.ts';
import { createReplayProjection } from './replay/replayProjection.ts';
import { sessionsProjection } from './sessions/sessionsProjection.ts';

export const PROJECTIONS: readonly Projection[] = [sessionsProjection, createReplayProjection()];

export function findProjection(name: string): Projection | undefined {
  return PROJECTIONS.find((projection) => projection.name === name);
}
