// The public surface of the event store: the log of session events. See docs/architecture.md, "The log".
export {
  type AppendOptions,
  type AppendRequest,
  type AppendResult,
  append,
  appendMany,
  appendPrepared,
  type PreparedAppend,
  prepareAppend,
} from './append.ts';
export { readCheckpoint, resetCheckpoint, saveCheckpoint } from './checkpoints.ts';
export {
  EVENT_STORE_ERROR_CODES,
  EventIdConflictError,
  EventStoreError,
  type EventStoreErrorCode,
  refusedTheData,
  WrongExpectedVersionError,
} from './errors.ts';
export { createEventStore, type EventStore } from './eventStore.ts';
export {
  createInstanceCommits,
  type InstanceCommits,
  type InstanceCommitsOptions,
} from './instanceCommits.ts';
export { sessionEventActorSchema, sessionEventMetadataSchema } from './metadata.ts';
export { compareLogPositions, positionOf, type ReadAllResult, readAll } from './readAll.ts';
export { type ReadOptions, readStream } from './readStream.ts';
export { toDelivered, toSessionEvent } from './sessionEvents.ts';
export { type EventSubscription, type SubscribeOptions, subscribe } from './subscribe.ts';
export type {
  LogPosition,
  NewSessionEvent,
  SessionEventActor,
  SessionEventMetadata,
  StoredSessionEvent,
} from './types.ts';
export { roomStreamId } from './types.ts';
export { createUpcasterRegistry, noUpcasters, type Upcaster, type UpcasterRegistry } from './upcasters.ts';
export { createWakeUp, type WakeUp } from './wakeUp.ts';
