// The room's chat as a live room holds it: its latest messages in order, kept as chunks of CHUNK_SIZE,
// the count of every message sent (and not removed), and the messages per minute of the latest
// CHAT_MINUTES_KEPT minutes. A room's state is immutable (each event makes a new one): appending to one
// flat array would copy the whole history per message. Here a message copies the unfinished last chunk
// only (and the list of chunks once per CHUNK_SIZE messages), and finding a message id costs one lookup
// in an index of the chunk each id went to. Plain JSON, so snapshots and the welcome message carry it as
// it is (the index is rebuilt once).
//
// Why only the latest messages: a room host holds every loaded room's state, and a chat kept whole
// grows a room by about 1.3 kB per message for the whole session (the soak measured the heap doubling in
// ten minutes of 1,000 chatting rooms). The log of the room keeps every message; the live state keeps
// what a person scrolls back to in the room, the total and the chart's pace.
export type ChatMessage = {
  id: string;
  from: { participantId: number; name: string };
  text: string;
  at: string;
};

/** [minute since the epoch, messages sent in it], oldest first. */
export type ChatMinute = readonly [number, number];

export type ChatLog = {
  /** Full chunks of CHUNK_SIZE messages (fewer if some were removed), never changed once full. */
  readonly sealed: readonly (readonly ChatMessage[])[];
  /** The newest messages, fewer than CHUNK_SIZE: the only part an append copies. */
  readonly tail: readonly ChatMessage[];
  /** Messages held (sealed and tail). */
  readonly size: number;
  /** How many chunks were let go before sealed[0]: the absolute number of sealed[0]. */
  readonly dropped: number;
  /** Every message sent in the room and not removed, held or not. */
  readonly total: number;
  /** Minute of the first message ever sent, null before it. */
  readonly firstMinute: number | null;
  /** Messages per minute for the minutes with messages among the latest CHAT_MINUTES_KEPT. */
  readonly perMinute: readonly ChatMinute[];
};

export const CHUNK_SIZE = 128;
/** Full chunks held: with the tail, between 512 and 639 messages (what a room's chat scrolls back to). */
export const KEPT_CHUNKS = 4;
/** Minutes of pace kept: the stats tab charts the last two hours. */
export const CHAT_MINUTES_KEPT = 120;

const MINUTE_MS = 60_000;

export const emptyChatLog: ChatLog = {
  sealed: [],
  tail: [],
  size: 0,
  dropped: 0,
  total: 0,
  firstMinute: null,
  perMinute: [],
};

const minuteOf = (at: string): number => Math.floor(Date.parse(at) / MINUTE_MS);

/** The pace with one message more (or fewer: `by` -1) in `minute`, older minutes than kept let go. */
function countIn(perMinute: readonly ChatMinute[], minute: number, by: 1 | -1): readonly ChatMinute[] {
  if (!Number.isFinite(minute)) return perMinute;
  const at = perMinute.findLastIndex(([m]) => m <= minute);
  const found = perMinute[at];
  let next: ChatMinute[];
  if (found && found[0] === minute) {
    next = [...perMinute];
    next[at] = [minute, found[1] + by];
  } else if (by > 0) {
    next = [...perMinute.slice(0, at + 1), [minute, 1], ...perMinute.slice(at + 1)];
  } else {
    return perMinute;
  }
  const latest = next.at(-1)?.[0] ?? minute;
  return next.filter(([m, count]) => count > 0 && m > latest - CHAT_MINUTES_KEPT);
}

/**
 * A log as stored before it counted and let go (a replay snapshot written by an older version): what it
 * holds is all it had.
 */
function current(log: ChatLog): ChatLog {
  if (log.perMinute !== undefined) return log;
  const stored = log as Pick<ChatLog, 'sealed' | 'tail' | 'size'>;
  const pace = chatMessages(stored as ChatLog).reduce<{
    first: number | null;
    minutes: readonly ChatMinute[];
  }>(
    (sum, message) => {
      const minute = minuteOf(message.at);
      return {
        first: Number.isFinite(minute) && (sum.first === null || minute < sum.first) ? minute : sum.first,
        minutes: countIn(sum.minutes, minute, 1),
      };
    },
    { first: null, minutes: [] },
  );
  return { ...stored, dropped: 0, total: stored.size, firstMinute: pace.first, perMinute: pace.minutes };
}

export function appendChatMessage(given: ChatLog, message: ChatMessage): ChatLog {
  const log = current(given);
  const minute = minuteOf(message.at);
  const counted = {
    total: log.total + 1,
    firstMinute:
      Number.isFinite(minute) && (log.firstMinute === null || minute < log.firstMinute)
        ? minute
        : log.firstMinute,
    perMinute: countIn(log.perMinute, minute, 1),
  };
  const tail = [...log.tail, message];
  if (tail.length < CHUNK_SIZE) {
    const next: ChatLog = { ...log, ...counted, tail, size: log.size + 1 };
    const index = indexOf(log);
    index.set(message.id, log.dropped + log.sealed.length);
    indexes.set(next, index);
    return next;
  }
  const sealed = [...log.sealed, tail];
  if (sealed.length <= KEPT_CHUNKS) {
    const next: ChatLog = { ...log, ...counted, sealed, tail: [], size: log.size + 1 };
    const index = indexOf(log);
    index.set(message.id, log.dropped + log.sealed.length);
    indexes.set(next, index);
    return next;
  }
  // The oldest chunk goes: this lineage gets an index of its own, without the ids it let go.
  const [gone, ...kept] = sealed;
  const next: ChatLog = {
    ...counted,
    sealed: kept,
    tail: [],
    size: log.size + 1 - (gone?.length ?? 0),
    dropped: log.dropped + 1,
  };
  return next;
}

/** The log without the message `id`; the same log when it holds none. */
export function removeChatMessageById(given: ChatLog, id: string): ChatLog {
  const log = current(given);
  const at = chunkHolding(log, id);
  if (at === undefined) return log;
  const removed = (at === log.sealed.length ? log.tail : log.sealed[at])?.find((m) => m.id === id);
  const without = (chunk: readonly ChatMessage[]) => chunk.filter((message) => message.id !== id);
  const counted = {
    total: log.total - 1,
    perMinute: removed ? countIn(log.perMinute, minuteOf(removed.at), -1) : log.perMinute,
  };
  const next: ChatLog =
    at === log.sealed.length
      ? { ...log, ...counted, tail: without(log.tail), size: log.size - 1 }
      : {
          ...log,
          ...counted,
          sealed: log.sealed.map((chunk, n) => (n === at ? without(chunk) : chunk)),
          size: log.size - 1,
        };
  indexes.set(next, indexOf(log));
  return next;
}

/** The same chat holding only its latest `count` messages (what a replay snapshot keeps of it). */
export function keepLatestMessages(log: ChatLog, count: number): ChatLog {
  if (log.size <= count) return log;
  const latest = chatMessages(log).slice(-count);
  const held: ChatLog = latest.reduce(appendChatMessage, emptyChatLog);
  // What was counted stays counted: only the messages held change.
  return { ...held, total: log.total, firstMinute: log.firstMinute, perMinute: log.perMinute };
}

export function hasChatMessage(log: ChatLog, id: string): boolean {
  return chunkHolding(log, id) !== undefined;
}

/** Every message held, in order: for display. */
export function chatMessages(log: ChatLog): ChatMessage[] {
  return [...log.sealed.flat(), ...log.tail];
}

/**
 * Which chunk (by absolute number: dropped + position) each id was appended to, shared by a log and the
 * logs made from it (each append adds its id), so a lookup is one Map access. Shared means it may know
 * ids this log does not hold (appended to a later log, or removed): chunkHolding checks the chunk itself
 * before answering yes. Two logs made from one (a room host's decided state thrown away after a failed
 * commit) share it too: an id both append is indexed where the later append put it, which is the one a
 * host goes on with. A log that let a chunk go starts an index of its own, so the index stays as small as
 * what is held.
 */
const indexes = new WeakMap<ChatLog, Map<string, number>>();

function indexOf(log: ChatLog): Map<string, number> {
  // The empty log is shared by every room: each lineage starts its own index from it.
  if (log.size === 0) return new Map();
  let index = indexes.get(log);
  if (index === undefined) {
    // A log that came as JSON (a snapshot, a welcome) or that let a chunk go: indexed once.
    index = new Map();
    for (const [at, chunk] of [...log.sealed, log.tail].entries()) {
      for (const message of chunk) index.set(message.id, (log.dropped ?? 0) + at);
    }
    indexes.set(log, index);
  }
  return index;
}

function chunkHolding(log: ChatLog, id: string): number | undefined {
  const absolute = indexOf(log).get(id);
  if (absolute === undefined) return undefined;
  const at = absolute - (log.dropped ?? 0);
  const chunk = at === log.sealed.length ? log.tail : log.sealed[at];
  return chunk?.some((message) => message.id === id) ? at : undefined;
}
