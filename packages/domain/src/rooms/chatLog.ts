// The room's chat, in order, kept as chunks of CHUNK_SIZE messages. A room's state is immutable (each
// event makes a new one) and a long session holds tens of thousands of messages: appending to one flat
// array would copy the whole history per message. Here a message copies the unfinished last chunk only
// (and the list of chunks once per CHUNK_SIZE messages), and finding a message id costs one lookup in
// an index of the chunk each id went to. Plain JSON, so snapshots and the welcome message carry it as it
// is (the index is rebuilt once).
export type ChatMessage = {
  id: string;
  from: { participantId: number; name: string };
  text: string;
  at: string;
};

export type ChatLog = {
  /** Chunks of CHUNK_SIZE messages (fewer if some were removed), never changed once full. */
  readonly sealed: readonly (readonly ChatMessage[])[];
  /** The newest messages, fewer than CHUNK_SIZE: the only part an append copies. */
  readonly tail: readonly ChatMessage[];
  readonly size: number;
};

export const CHUNK_SIZE = 128;

export const emptyChatLog: ChatLog = { sealed: [], tail: [], size: 0 };

export function appendChatMessage(log: ChatLog, message: ChatMessage): ChatLog {
  const tail = [...log.tail, message];
  const next: ChatLog =
    tail.length >= CHUNK_SIZE
      ? { sealed: [...log.sealed, tail], tail: [], size: log.size + 1 }
      : { sealed: log.sealed, tail, size: log.size + 1 };
  // The chunk number of the tail is the number it gets when it is sealed.
  const index = indexOf(log);
  index.set(message.id, log.sealed.length);
  indexes.set(next, index);
  return next;
}

/** The log without the message `id`; the same log when it has none. */
export function removeChatMessageById(log: ChatLog, id: string): ChatLog {
  const at = chunkHolding(log, id);
  if (at === undefined) return log;
  const without = (chunk: readonly ChatMessage[]) => chunk.filter((message) => message.id !== id);
  const next: ChatLog =
    at === log.sealed.length
      ? { sealed: log.sealed, tail: without(log.tail), size: log.size - 1 }
      : {
          sealed: log.sealed.map((chunk, n) => (n === at ? without(chunk) : chunk)),
          tail: log.tail,
          size: log.size - 1,
        };
  indexes.set(next, indexOf(log));
  return next;
}

/** The same chat with only its latest `count` messages (what a replay snapshot keeps of it). */
export function keepLatestMessages(log: ChatLog, count: number): ChatLog {
  if (log.size <= count) return log;
  return chatMessages(log).slice(-count).reduce(appendChatMessage, emptyChatLog);
}

export function hasChatMessage(log: ChatLog, id: string): boolean {
  return chunkHolding(log, id) !== undefined;
}

/** Every message, in order: for display. */
export function chatMessages(log: ChatLog): ChatMessage[] {
  return [...log.sealed.flat(), ...log.tail];
}

/**
 * Which chunk each id was appended to, shared by a log and the logs made from it (each append adds its
 * id), so a lookup is one Map access. Shared means it may know ids this log does not hold (appended to
 * a later log, or removed): chunkHolding checks the chunk itself before answering yes. Two logs made
 * from one (a room host's decided state thrown away after a failed commit) share it too: an id both
 * append is indexed where the later append put it, which is the one a host goes on with.
 */
const indexes = new WeakMap<ChatLog, Map<string, number>>();

function indexOf(log: ChatLog): Map<string, number> {
  // The empty log is shared by every room: each lineage starts its own index from it.
  if (log.size === 0) return new Map();
  let index = indexes.get(log);
  if (index === undefined) {
    // A log that came as JSON (a snapshot, a welcome): indexed once.
    index = new Map();
    for (const [at, chunk] of [...log.sealed, log.tail].entries()) {
      for (const message of chunk) index.set(message.id, at);
    }
    indexes.set(log, index);
  }
  return index;
}

function chunkHolding(log: ChatLog, id: string): number | undefined {
  const at = indexOf(log).get(id);
  const chunk = at === undefined ? undefined : at === log.sealed.length ? log.tail : log.sealed[at];
  return chunk?.some((message) => message.id === id) ? at : undefined;
}
