// The local cluster tooling (`npm run cluster`, the failover tests, the scale-out benchmark): LabLive
// instances as processes, HAProxy in front, a socket client that rides through failovers, metrics scrapes.
// An entry of its own, apart from the test entry: scripts and benchmarks run outside vitest.
export { type ClusterClient, type CommandResult, openClusterClient } from './cluster/clusterClient.ts';
export { ensureDatabase } from './cluster/clusterDatabase.ts';
export { type FaultyProxy, type ProxyMode, startFaultyProxy } from './cluster/faultyProxy.ts';
export { findHaproxy } from './cluster/haproxyProcess.ts';
export { type LocalCluster, type LocalClusterOptions, startLocalCluster } from './cluster/localCluster.ts';
export { metricValue, scrape } from './cluster/scrape.ts';
