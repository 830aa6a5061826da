// Which peer connections to open and close when the room's viewers change (MediaSession.setPeers).

export type PeerSetChange = { add: number[]; remove: number[] };

/**
 * Diffs the peers we hold against the room's participants. Ourselves and duplicates are ignored (a
 * participant with two tabs is one viewer). `spared` are peers that reached us by a signal before our
 * room state listed them: kept for a grace period, so a state update lagging behind the other side's
 * first offer does not close the connection being opened.
 */
export function diffPeers(options: {
  selfId: number;
  current: Iterable<number>;
  next: readonly number[];
  spared: ReadonlySet<number>;
}): PeerSetChange {
  const wanted = new Set(options.next.filter((id) => id !== options.selfId));
  const current = new Set(options.current);
  const add = [...wanted].filter((id) => !current.has(id));
  const remove = [...current].filter((id) => !wanted.has(id) && !options.spared.has(id));
  return { add, remove };
}
