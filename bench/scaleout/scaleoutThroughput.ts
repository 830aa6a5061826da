// Deliveries per second with 1, 2 and 3 instances: the fan-out benchmark's ramp (same subscribers,
// steps and pass rule: zero loss, p99 within budget) run by its load generator against a fresh room whose
// subscribers are spread evenly over the first n instances of the cluster; instance 1 hosts the room.
import type { FanoutPlan } from '../fanout/fanoutPlan.ts';
import { runLoadGenerator } from '../fanout/fanoutScenario.ts';
import { type ClusterBench, signedInRooms } from './clusterRooms.ts';
import { wsUrl } from './failoverRounds.ts';
import type { ThroughputFigures } from './scaleoutPlan.ts';

export async function measureThroughput(
  options: ClusterBench & { plan: FanoutPlan; instances: number; pass: number },
): Promise<ThroughputFigures> {
  const { cluster, plan } = options;
  const [room] = await signedInRooms(
    options.db,
    cluster.instanceUrl(0),
    `ramp${options.instances}-${options.pass}`,
    [plan.subscribers],
  );
  if (!room) throw new Error('a room expected');
  const urls = Array.from({ length: options.instances }, (_, index) => wsUrl(cluster.instanceUrl(index)));
  const result = await runLoadGenerator(
    {
      target: 'lablive',
      url: urls[0] ?? '',
      urls,
      plan,
      serverPids: options.serverPids,
      roomId: room.roomId,
      tokens: room.tokens,
    },
    { generatorCore: options.generatorCore },
  );
  return { instances: options.instances, pass: options.pass, result };
}
