// Where each projection stands, from the database alone (so the command line sees what the server
// does): its live generation and version, a rebuild in progress, how far behind the log it is (events
// and seconds) and the event it stopped on, if it did.
import type { Db } from '../db/connection.ts';
import { readCheckpoint } from '../event-store/checkpoints.ts';
import type { LogPosition } from '../event-store/types.ts';
import type { ProjectionSample } from '../observability/metrics.ts';
import {
  checkpointName,
  findGenerations,
  type Generation,
  LOG_START,
  lagAfter,
} from './generations.repository.ts';
import type { Projection } from './projection.ts';
import type { ProjectionRunner } from './runner.ts';

/** Lag is counted up to this many events: beyond, "at least" is all anyone needs to know. */
export const LAG_COUNT_CAP = 1_000_000;

/** A generation as the table holds it, with where its checkpoint stands and how far behind the log. */
export type GenerationStatus = Pick<Generation, 'generation' | 'version' | 'failure'> & {
  position: LogPosition;
  lagEvents: number;
  lagSeconds: number;
};

export type ProjectionStatus = {
  name: string;
  codeVersion: number;
  live: (GenerationStatus & { liveSince: Date | null }) | null;
  building: GenerationStatus | null;
};

async function generationStatus(db: Db, name: string, generation: Generation): Promise<GenerationStatus> {
  const position = (await readCheckpoint(db, checkpointName(name, generation.generation))) ?? LOG_START;
  const lag = await lagAfter(db, position, LAG_COUNT_CAP);
  return {
    generation: generation.generation,
    version: generation.version,
    position,
    lagEvents: lag.events,
    lagSeconds: lag.seconds,
    failure: generation.failure,
  };
}

export async function projectionStatus(
  db: Db,
  projections: readonly Projection[],
): Promise<ProjectionStatus[]> {
  return Promise.all(
    projections.map(async (projection) => {
      const generations = await findGenerations(db, projection.name);
      const live = generations.find((each) => each.status === 'live');
      const building = generations.find((each) => each.status === 'building');
      return {
        name: projection.name,
        codeVersion: projection.version,
        live: live
          ? { ...(await generationStatus(db, projection.name, live)), liveSince: live.liveSince }
          : null,
        building: building ? await generationStatus(db, projection.name, building) : null,
      };
    }),
  );
}

/** The status as the command line prints it: one block per projection. */
export function formatStatus(statuses: readonly ProjectionStatus[]): string {
  const lines: string[] = [];
  for (const status of statuses) {
    lines.push(`${status.name} (code version ${status.codeVersion})`);
    const describe = (label: string, each: GenerationStatus | null) => {
      if (each === null) return;
      const lag = each.lagEvents >= LAG_COUNT_CAP ? `${LAG_COUNT_CAP}+` : String(each.lagEvents);
      lines.push(
        `  ${label}: generation ${each.generation}, version ${each.version}, at ${each.position.transactionId}/${each.position.globalPosition}, behind by ${lag} events (${each.lagSeconds.toFixed(1)} s)`,
      );
      if (each.failure) {
        const at = each.failure.position;
        lines.push(
          `  STOPPED at event ${each.failure.eventId} (position ${at ? `${at.transactionId}/${at.globalPosition}` : '?'}) on ${each.failure.at.toISOString()}: ${each.failure.error}`,
        );
      }
    };
    if (status.live === null) lines.push('  live: none yet (built when the server starts)');
    describe('live', status.live);
    describe('rebuilding', status.building);
  }
  return lines.join('\n');
}

/** The metrics' view: the status from the database with what this instance's runner knows. */
export async function projectionSamples(
  db: Db,
  runner: Pick<ProjectionRunner, 'states'>,
  projections: readonly Projection[],
): Promise<ProjectionSample[]> {
  const statuses = await projectionStatus(db, projections);
  const states = runner.states();
  return statuses.map((status) => {
    const state = states.find((each) => each.name === status.name);
    const failure = status.live?.failure ?? null;
    return {
      name: status.name,
      running: state?.running ?? false,
      lagEvents: status.live?.lagEvents ?? 0,
      lagSeconds: status.live?.lagSeconds ?? 0,
      lastError: failure?.error ?? state?.lastError ?? null,
      failed: failure !== null,
    };
  });
}
