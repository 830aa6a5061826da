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
// The pieces: roomHostState.ts (what a host holds), batchPipeline.ts (the turns), batchDecision.ts
// (deciding one batch), batchCommit.ts (appending, refusals, answers), recentCommands.ts (retries).
import { type RoomConfig, type RoomState, roomStreamId } from '@lablive/domain';
import { PROTOCOL_ERRORS, PROTOCOL_LIMITS } from '@lablive/protocol';
import { readStream, toDelivered } from '../event-store/index.ts';
import { createKeyedTokenBuckets } from '../limits/tokenBucket.ts';
import { noInstruments } from '../observability/instruments.ts';
import { schedule } from './batchPipeline.ts';
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
};

export async function startRoomHost(
  config: RoomConfig,
  deps: RoomHostDeps,
  onStale: () => void,
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
  const admitted = participantLimit(deps);

  return {
    roomId: config.roomId,
    submit(envelope) {
      if (!admitted(envelope)) {
        return Promise.resolve({
          ok: false,
          commandId: envelope.commandId,
          code: PROTOCOL_ERRORS.rateLimited,
          message: 'Too many commands from you in this room: slow down.',
        });
      }
      if (host.stopped) {
        return Promise.resolve({
          ok: false,
          commandId: envelope.commandId,
          code: 'room_unavailable',
          message: 'The room moved; retry.',
        });
      }
      return new Promise((resolve) => {
        host.queue.push({ envelope, resolve });
        schedule(host);
      });
    },
    state: () => host.committed,
    stopped: () => host.stopped,
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

/**
 * Per participant, across their sockets and instances: every command of the room passes here. Joins
 * and leaves are the gateway's own, sent as sockets open and close, and the presence sweep's: they
 * always pass. True when the command may go on.
 */
function participantLimit(deps: RoomHostDeps): (envelope: CommandEnvelope) => boolean {
  const limit =
    deps.participantLimit === undefined
      ? {
          perSecond: PROTOCOL_LIMITS.participantCommandsPerSecond,
          burst: PROTOCOL_LIMITS.participantCommandBurst,
        }
      : deps.participantLimit;
  if (!limit) return () => true;
  const perParticipant = createKeyedTokenBuckets<number>(limit.perSecond, limit.burst, () =>
    deps.now().getTime(),
  );
  return (envelope) =>
    envelope.command.type === 'JoinRoom' ||
    envelope.command.type === 'LeaveRoom' ||
    perParticipant.take(envelope.actor.participantId);
}
