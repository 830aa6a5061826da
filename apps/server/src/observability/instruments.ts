// What the room hosts, the routing and the gateway report about their work, as plain functions: they
// never import prom-client, and tests that build them without metrics pass nothing (noInstruments).

/** Why a room host stopped: handed over in a drain, fenced off by another host's append, its lease
 * connection lost, the instance closing, or the room quiet long enough to leave memory (quietRooms.ts). */
export type HostStopReason = 'drain' | 'fenced' | 'lease_lost' | 'bus_lost' | 'close' | 'idle';

/** Which bound on waiting commands refused one `overloaded`: its room's or the whole instance's. */
export type OverloadScope = 'room' | 'instance';

/** How a command or snapshot request to another instance's host ended. */
export type BusRequestOutcome = 'ok' | 'no_responders' | 'timeout' | 'error';

export type RoomInstruments = {
  /** One group commit: its duration and how many events it stored. */
  append(seconds: number, events: number): void;
  appendFailed(): void;
  hostStarted(): void;
  hostStopped(reason: HostStopReason): void;
  busRequest(kind: 'cmd' | 'snapshot', outcome: BusRequestOutcome, seconds: number): void;
  /** A command refused `overloaded`: too many commands already waited (hostAdmission.ts). */
  overloaded(scope: OverloadScope): void;
};

export type FanoutInstruments = {
  /** From the host's commit to the frames handed to this instance's sockets. */
  delivered(secondsSinceCommit: number): void;
  /** A socket was behind the batch it was about to get (a lost publish): its gap was read from the log. */
  caughtUp(): void;
};

export type MailInstruments = {
  /**
   * One attempt at handing a mail over (to the SMTP server, or the outbox file): sent, or failed (tried
   * again later, or kept failed after its last attempt: the mail log says which).
   */
  mailAttempt(outcome: 'sent' | 'failed'): void;
};

export type Instruments = RoomInstruments & FanoutInstruments & MailInstruments;

const nothing = () => {};

export const noInstruments: Instruments = {
  append: nothing,
  appendFailed: nothing,
  hostStarted: nothing,
  hostStopped: nothing,
  busRequest: nothing,
  overloaded: nothing,
  delivered: nothing,
  caughtUp: nothing,
  mailAttempt: nothing,
};

/** Wall-clock milliseconds with sub-millisecond precision, comparable between processes on one clock. */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}
