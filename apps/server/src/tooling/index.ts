// The server's one entry for the benchmarks and scripts (bench/, scripts/): what they build a database,
// a room service, a projection runner or a log from, as `@lablive/server/tooling`. Product code never
// imports it; tooling imports the server only through here (test support has its own: ../testing/).
export { newOpaqueToken } from '../auth/opaqueTokens.ts';
export { createInProcessBus } from '../bus/index.ts';
export { REPO_ROOT } from '../config/env.ts';
export { createDb, type Db } from '../db/connection.ts';
export { migrateToLatest } from '../db/migrate.ts';
export { append } from '../event-store/append.ts';
export {
  createEventStore,
  createWakeUp,
  type LogPosition,
  readAll,
  type StoredSessionEvent,
  sessionEventMetadataSchema,
  toSessionEvent,
} from '../event-store/index.ts';
export { createInstanceCommits } from '../event-store/instanceCommits.ts';
export { type AppendRaceFindings, runAppendRace } from '../event-store/testing/appendRace.ts';
export { runLedgerOnce, startLedger } from '../ledger/ledgerWriter.ts';
export { preciseNow } from '../observability/instruments.ts';
export { checkpointName, findGenerations } from '../projections/generations.repository.ts';
export type { Projection } from '../projections/projection.ts';
export { createProjectionLeases } from '../projections/projectionLeases.ts';
export { PROJECTIONS } from '../projections/projections.ts';
export { DEFAULT_PAGE_SIZE, rebuildProjection, rebuildProjections } from '../projections/rebuild.ts';
export { foldForReplay, type ReplayFold } from '../projections/replay/replayProjection.ts';
export { createProjectionRunner } from '../projections/runner.ts';
export { foldRoomStats, toRoomLoggedEvent } from '../projections/sessions/sessionsProjection.ts';
export { projectionStatus } from '../projections/status.ts';
export { DEFAULT_CADENCE } from '../realtime/roomFanout.ts';
export { createRoomService, type RunningRoomService } from '../rooms/createRoomService.ts';
