// The turn of a room host: commands that arrived in the same turn of the event loop form one batch,
// decided against the working state while the batch before it commits (at most PIPELINE_DEPTH batches
// decided and not yet answered), committed in order (batchCommit.ts), answered on the turn after.
import { commitBatch, prepareSend, settleBatch } from './batchCommit.ts';
import { decideBatch } from './batchDecision.ts';
import type { RoomHostState } from './roomHostState.ts';

/** Several batches fit in what a busy room has in flight, so one is decided while another commits. */
const MAX_BATCH = 250;
/** Batches decided and not yet answered: one being committed, one waiting for it. */
const PIPELINE_DEPTH = 2;

/** Decides what waits on the next turn of the event loop, unless a turn is already coming. */
export function schedule(host: RoomHostState) {
  if (host.scheduled || (host.queue.length === 0 && host.isolated.length === 0) || host.stopped) return;
  host.scheduled = true;
  // setImmediate: commands that arrive in the same turn of the event loop share one batch.
  setImmediate(() => {
    host.scheduled = false;
    pump(host);
  });
}

/** Decides queued commands while fewer than PIPELINE_DEPTH batches wait for their commit. */
function pump(host: RoomHostState) {
  const { config, deps, queue, isolated } = host;
  // Commands decided again go one at a time and without overlap, so they keep their order and a
  // refusal among them leaves no batch decided behind it.
  const depth = () => (isolated.length > 0 ? 1 : PIPELINE_DEPTH);
  while ((queue.length > 0 || isolated.length > 0) && !host.stopped && host.batchesInFlight < depth()) {
    const batch = isolated.length > 0 ? isolated.splice(0, 1) : queue.splice(0, MAX_BATCH);
    const decided = decideBatch(host.working, batch, {
      streamId: host.streamId,
      labId: config.labId,
      roomId: config.roomId,
      now: deps.now().toISOString(),
      recent: host.recent.byKey,
      unconfirmed: host.unconfirmed,
    });
    host.working = decided.stateAfter;
    host.batchesInFlight++;
    const decidedIn = host.generation;
    const send = prepareSend(deps, decided.requests);
    const stored = host.appends.then(() => commitBatch(host, decided, decidedIn, send));
    host.appends = stored.then(() => undefined);
    // Answered on the next turn, once the next batch's append is on its way to the database: the
    // answering then runs while the database works.
    host.settling = Promise.all([stored, host.settling])
      .then(
        ([outcome]) =>
          new Promise<void>((resolve) =>
            setImmediate(() => {
              if (outcome) settleBatch(host, decided, outcome);
              resolve();
            }),
          ),
      )
      .catch((error: unknown) => {
        // A bug while answering or publishing must not stall the batches behind it.
        deps.log('error', 'room batch settled badly', { roomId: config.roomId, error: String(error) });
      })
      .finally(() => {
        host.batchesInFlight--;
        schedule(host);
      });
  }
}
