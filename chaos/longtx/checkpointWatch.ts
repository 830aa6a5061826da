// Where each projection's live checkpoint stood, sampled every 50 ms, so the scenario can say when each
// event of the log was folded by each projection: the first sample whose checkpoint is at or past the
// event's position in the readers' order, (transaction id, global position).
import { checkpointName, type Db, findGenerations, PROJECTIONS } from '@lablive/server/tooling';
import { sql } from 'kysely';

export type LogPosition = { transactionId: string; globalPosition: number };
type Sample = { at: number; positions: Map<string, LogPosition> };

/** a ≥ b in the readers' order. */
export function atOrPast(a: LogPosition, b: LogPosition): boolean {
  const ta = BigInt(a.transactionId);
  const tb = BigInt(b.transactionId);
  return ta > tb || (ta === tb && a.globalPosition >= b.globalPosition);
}

export async function watchCheckpoints(db: Db, everyMs = 50) {
  const names = new Map<string, string>();
  for (const projection of PROJECTIONS) {
    const live = (await findGenerations(db, projection.name)).find((each) => each.status === 'live');
    if (live) names.set(checkpointName(projection.name, live.generation), projection.name);
  }
  const samples: Sample[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const at = Date.now();
      const { rows } = await sql<{ projection: string; transaction_id: string; global_position: number }>`
        SELECT projection, transaction_id::text, global_position FROM projection_checkpoints
         WHERE projection = ANY(${[...names.keys()]})
      `.execute(db);
      const positions = new Map<string, LogPosition>();
      for (const row of rows) {
        const name = names.get(row.projection);
        if (name)
          positions.set(name, { transactionId: row.transaction_id, globalPosition: row.global_position });
      }
      samples.push({ at, positions });
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    projections: [...names.values()],
    async stop() {
      stopped = true;
      await loop;
    },
    /** When `projection` had folded `position`, or null if it never did while watched. */
    foldedAt(projection: string, position: LogPosition): number | null {
      const sample = samples.find((each) => {
        const at = each.positions.get(projection);
        return at !== undefined && atOrPast(at, position);
      });
      return sample?.at ?? null;
    },
  };
}
