// Fault scenario `race` (issue 31, part 3): 20 appenders × 1,000 rounds on shared streams through an
// instance's commits (the group commit every room host hands its appends to), on a fresh database.
// The race itself is the event store's (runAppendRace, also run by instanceCommits.int.test.ts); this
// scenario judges what it found: exactly the acknowledged events stored, each where its
// acknowledgement said, and a race that did race (conflicts, retries, combined transactions).
import { createInstanceCommits, runAppendRace } from '@lablive/server/tooling';
import { createBenchDatabase } from '../../bench/lib/benchDatabase.ts';
import { check, figure, type ScenarioContext, type ScenarioOutcome } from '../lib/scenario.ts';

const APPENDERS = 20;
const STREAMS = 16;

const sample = (ids: string[]) =>
  ids.length === 0 ? 'none' : `${ids.length} (${ids.slice(0, 3).join(', ')})`;

export async function run(context: ScenarioContext): Promise<ScenarioOutcome> {
  const rounds = context.quick ? 200 : 1000;
  const database = await createBenchDatabase('race');
  context.log(`${APPENDERS} appenders × ${rounds} rounds on ${STREAMS} streams`);
  const found = await runAppendRace(database.db, createInstanceCommits(database.db), {
    appenders: APPENDERS,
    rounds,
    streams: STREAMS,
  });
  const appends = APPENDERS * rounds;
  return {
    setup:
      `${APPENDERS} concurrent appenders × ${rounds} rounds on ${STREAMS} shared streams through one ` +
      'instance’s group commit, on a fresh database of this machine’s PostgreSQL; every tenth round ' +
      'resends an acknowledged append, half of the refused ones are sent again at the version now known.',
    checks: [
      check(
        'exactly the acknowledged events are stored',
        found.storedEvents === found.acknowledgedEvents && found.missing.length === 0,
        `${found.acknowledgedEvents} acknowledged, ${found.storedEvents} stored, missing ${sample(found.missing)}`,
      ),
      check('no event stored twice', found.duplicated.length === 0, `duplicated ${sample(found.duplicated)}`),
      check(
        'each event where its acknowledgement said (stream, version, position)',
        found.misplaced.length === 0,
        `misplaced or unacknowledged ${sample(found.misplaced)}`,
      ),
      check(
        'every stream’s versions run 1..n and session_streams says n',
        found.brokenStreams.length === 0,
        `broken streams ${sample(found.brokenStreams)}`,
      ),
      check(
        'a retry of an acknowledged append answers its first result',
        found.retriesAnswered > 0 && found.retriesAnsweredDifferently === 0,
        `${found.retriesAnswered} retries answered, ${found.retriesAnsweredDifferently} differently`,
      ),
      check(
        'the race raced (version conflicts, transactions holding several streams)',
        found.conflicts > 0 && found.combinedTransactions > 0,
        `${found.conflicts} conflicts, ${found.combinedTransactions} combined transactions`,
      ),
    ],
    figures: [
      figure('appends sent', appends),
      figure('appends acknowledged (first time)', found.acknowledgedAppends),
      figure('events acknowledged', found.acknowledgedEvents),
      figure('version conflicts', found.conflicts),
      figure('retries answered', found.retriesAnswered),
      figure('transactions holding several streams', found.combinedTransactions),
      figure('duration', found.durationMs / 1000, 's'),
      figure('appends per second', appends / (found.durationMs / 1000)),
    ],
  };
}
