// One socket in one room, as the fan-out and the signal relay see it: who it is for the visibility
// rules, where its frames go, and how far along the room's stream it is.
import type { Recipient } from '@lablive/domain';
import type { FramedBatch } from './eventFrames.ts';
import type { SocketSender } from './socketSender.ts';

export type Member = {
  recipient: Recipient;
  /** The socket's sender; the room's events never go as a command's answer. */
  sender: Pick<SocketSender, 'send' | 'close'>;
  /** The highest stream version sent to this socket: older or equal events are never sent again. */
  lastSent: number;
  /** While a joining socket receives its welcome or its missed events, live batches wait here. */
  backlog: FramedBatch[] | null;
  /** Set while the socket's gap is read from the log. */
  catchingUp?: boolean;
  /** A host removed this socket's participant from the room (issue 33, part 2): the socket leaves it. */
  removed?: () => void;
};
