// The room's chat, in order, kept as chunks of at most CHUNK_SIZE messages. A room's state is immutable
// (each event makes a new one) and a long session holds tens of thousands of messages: appending to one
// flat array would copy the whole history per message. Here a message copies the last chunk and the
// list of chunks only, and finding a message id looks in one cached set per full chunk. Plain JSON, so
// snapshots and the welcome message carry it as it is.
export type ChatMessage = {
  id: string;
  from: { participantId: number; name: string };
  text: string;
  at: string;
};

export type ChatLog = {
  /** Every chunk but the last is full (CHUNK_SIZE messages) unless a message was removed from it. */
  readonly chunks: readonly (readonly ChatMessage[])[];
  readonly size: number;
};

export const CHUNK_SIZE = 256;

export const emptyChatLog: ChatLog = { chunks: [], size: 0 };

export function appendChatMessage(log: ChatLog, message: ChatMessage): ChatLog {
  const last = log.chunks.at(-1);
  if (last === undefined || last.length >= CHUNK_SIZE) {
    return { chunks: [...log.chunks, [message]], size: log.size + 1 };
  }
  return { chunks: [...log.chunks.slice(0, -1), [...last, message]], size: log.size + 1 };
}

/** The log without the message `id`; the same log when it has none. */
export function removeChatMessageById(log: ChatLog, id: string): ChatLog {
  const index = log.chunks.findIndex((chunk) => chunkIds(chunk).has(id));
  const chunk = log.chunks[index];
  if (chunk === undefined) return log;
  const chunks = [...log.chunks];
  chunks[index] = chunk.filter((message) => message.id !== id);
  return { chunks, size: log.size - (chunk.length - (chunks[index]?.length ?? 0)) };
}

export function hasChatMessage(log: ChatLog, id: string): boolean {
  const last = log.chunks.length - 1;
  return log.chunks.some((chunk, index) =>
    // The last chunk changes with every message: scanned, not indexed.
    index === last ? chunk.some((message) => message.id === id) : chunkIds(chunk).has(id),
  );
}

/** Every message, in order: for display. */
export function chatMessages(log: ChatLog): ChatMessage[] {
  return log.chunks.flat();
}

/** Chunks are never changed once made (a change makes a new one), so their id sets can be kept. */
const idsOfChunk = new WeakMap<readonly ChatMessage[], ReadonlySet<string>>();

function chunkIds(chunk: readonly ChatMessage[]): ReadonlySet<string> {
  let ids = idsOfChunk.get(chunk);
  if (ids === undefined) {
    ids = new Set(chunk.map((message) => message.id));
    idsOfChunk.set(chunk, ids);
  }
  return ids;
}
