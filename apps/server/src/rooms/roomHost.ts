// The single writer of one room's stream. Commands queue up; each turn of the event loop the host
// decides everything queued in order against its state, appends all accepted commands' events in one
// call (group commit), then answers each command and publishes the committed events once.
//
// Two batches overlap: while one is being committed, the next is decided against the state the first
// will leave and its append built (events checked, the SQL arguments made), and sent the moment the
// first is stored, so the host's CPU and the database's work run
// side by side. A batch decided against a state that did not get stored (its predecessor failed) is
// never sent (the expected version would refuse it): its commands are decided again.
//
// One bad command never fails another's: when the database refuses a batch for what it carries (not for
// its state or the connection), its commands and those decided after it are decided again one per
// batch, so the command that fails alone is answered not_stored (not retryable) and the others commit.
//
// The pieces: hostAdmission.ts (whether a command is taken: the participant's rate, the bounds on
// waiting commands), roomHostState.ts (what a host holds), batchPipeline.ts (the turns),
// batchDecision.ts (deciding one batch), batchCommit.ts (appending, refusals, answers),
// recentCommands.ts (retries).
import { type RoomConfig, type RoomState, roomStreamId } from '@lablive/domain';
import { readStream, toDelivered } from '../event-store/index.ts';
import { noInstruments } from '../observability/instruments.ts';
import { schedule } from './batchPipeline.ts';
import { createHostAdmission, createInstanceWaiting, type InstanceWaiting } from './hostAdmission.ts';
import { createRecentCommands } from './recentCommands.ts';
import { publishRoomEvents } from './roomEventsPublisher.ts';
import { type RoomHostDeps, type RoomHostState, refuseWaiting } from './roomHostState.ts';
import type { CommandEnvelope, CommandOutcome } from './roomService.ts';
import { loadRoom, saveSnapshot } from './roomStateStore.ts';

export type { RoomHostDeps } from './roomHostState.ts';

const RECENT_COMMANDS = 10_000;

export type RoomHost = {
  roomId: number;
  submit(envelope: CommandEnvelope): Promise<CommandOutcome>;
  state(): RoomState;
  /** Stops taking commands; those queued are answered `room_unavailable` (retryable elsewhere). */
  stop(): Promise<void>;
  stopped(): boolean;
  /** Commands taken and not answered yet. */
  waiting(): number;
  /** When the host last took a command (epoch ms, by deps.now), or started. */
  lastCommandAt(): number;
};

export async function startRoomHost(
  config: RoomConfig,
  deps: RoomHostDeps,
  onStale: () => void,
  /** The commands waiting in every host of the instance, and their bounds (hostAdmission.ts). */
  instanceWaiting: InstanceWaiting = createInstanceWaiting(),
): Promise<RoomHost> {
  const loaded = await loadRoom(deps.db, config, RECENT_COMMANDS);
  const host: RoomHostState = {
    config,
    deps,
    streamId: roomStreamId(config.roomId),
    instruments: deps.instruments ?? noInstruments,
    onStale,
    recent: createRecentCommands(loaded.recent, RECENT_COMMANDS),
    unconfirmed: new Map(),
    queue: [],
    isolated: [],
    committed: loaded.state,
    working: loaded.state,
    lastSnapshotVersion: loaded.state.version,
    scheduled: false,
    batchesInFlight: 0,
    appends: Promise.resolve(),
    settling: Promise.resolve(),
    generation: 0,
    stopped: false,
  };
  await republishHead(host);
  const admission = createHostAdmission(deps, host.instruments, instanceWaiting);
  let lastCommandAt = deps.now().getTime();

  return {
    roomId: config.roomId,
    submit(envelope) {
      const refusal = admission.refusal(envelope, host.stopped);
      if (refusal) return Promise.resolve(refusal);
      lastCommandAt = deps.now().getTime();
      return new Promise((resolve) => {
        host.queue.push({ envelope, resolve: admission.waitingUntil(resolve) });
        schedule(host);
      });
    },
    state: () => host.committed,
    stopped: () => host.stopped,
    waiting: admission.waiting,
    lastCommandAt: () => lastCommandAt,
    async stop() {
      // The batch being committed completes; the ones decided after it and the queue are refused.
      host.stopped = true;
      await host.appends;
      await host.settling;
      refuseWaiting(host, 'The room host is stopping; retry.');
      await saveSnapshot(deps.db, host.committed).catch(() => {});
    },
  };
}

/**
 * A host that died between its commit and its publish left followers without its last events: the
 * stream's last event, published again, shows every instance how far the room is, and an instance
 * behind it reads the gap from the log (roomFanout.ts). Those already there drop it as a duplicate.
 */
async function republishHead({ deps, config, streamId, committed }: RoomHostState) {
  if (committed.version <= 0) return;
  const [head] = await readStream(deps.db, streamId, committed.version, 1);
  if (head) publishRoomEvents(deps.bus, config.roomId, [toDelivered(head)]);
}
