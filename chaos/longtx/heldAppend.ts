// A transaction that takes a position in the log and keeps it open: it appends one event to a room's
// stream through the server's own SQL function (append_session_events, as a group commit does), then
// waits before committing, so the event becomes visible long after later transactions' events. The
// event ends the room's session (SessionEnded, shaped after the room's SessionStarted), so both
// projections show it: the statistics close the session, the replay marks its end.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { roomStreamId } from '@lablive/domain';
import pg from 'pg';

export type HeldEvent = {
  roomId: number;
  version: number;
  transactionId: string;
  globalPosition: number;
  /** When the event was appended (the transaction open), and when it committed (ms since the epoch). */
  appendedAt: number;
  committedAt: number;
};

type StoredRow = { stream_version: number; schema_version: number; data: unknown; metadata: unknown };

/** Appends the held event in room `roomId`; `onAppended` runs while the transaction is still open. */
export async function holdAppend(
  databaseUrl: string,
  roomId: number,
  holdMs: number,
  onAppended: () => void,
): Promise<HeldEvent> {
  const streamId = roomStreamId(roomId);
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<StoredRow>(
      `SELECT stream_version, schema_version, data, metadata FROM session_events
        WHERE stream_id = $1 AND type = 'SessionStarted' ORDER BY stream_version DESC LIMIT 1`,
      [streamId],
    );
    const started = rows[0];
    if (!started) throw new Error(`room ${roomId} has no session to end`);
    const { rows: head } = await client.query<{ version: number }>(
      'SELECT version::int AS version FROM session_streams WHERE stream_id = $1',
      [streamId],
    );
    const version = (head[0]?.version ?? 0) + 1;
    const startedData = started.data as { by: number; at: unknown };
    const at = typeof startedData.at === 'number' ? Date.now() : new Date().toISOString();
    const metadata = { ...(started.metadata as object), correlationId: randomUUID() };
    const events = [
      {
        s: streamId,
        v: version,
        t: 'SessionEnded',
        sv: started.schema_version,
        d: { by: startedData.by, at },
        m: metadata,
        i: randomUUID(),
      },
    ];
    await client.query('BEGIN');
    const { rows: appended } = await client.query<{ transaction_id: string; global_positions: string[] }>(
      `SELECT transaction_id::text, global_positions FROM append_session_events(
         $1::text[], $2::bigint[], $3::bigint[], $4::jsonb)`,
      [[streamId], [version - 1], [version], JSON.stringify(events)],
    );
    const appendedAt = Date.now();
    onAppended();
    await sleep(holdMs);
    await client.query('COMMIT');
    return {
      roomId,
      version,
      transactionId: appended[0]?.transaction_id ?? '',
      globalPosition: Number(appended[0]?.global_positions[0]),
      appendedAt,
      committedAt: Date.now(),
    };
  } finally {
    await client.end().catch(() => {});
  }
}
