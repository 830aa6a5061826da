// The media servers this instance uses, from the environment: none (video goes peer to peer, or through
// OpenTok), or the Janus servers of JANUS_URL, connected before the instance serves, so a wrong address
// or secret stops the start with a message naming it instead of leaving every room without video.
import type { Env } from '../config/env.ts';
import type { Db } from '../db/connection.ts';
import { createJanusServer } from './janusServer.ts';
import { createMediaServers, type MediaServers } from './mediaServers.ts';

type Log = (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;

export async function startMediaServer(
  env: Pick<Env, 'JANUS_URL' | 'JANUS_API_SECRET' | 'JANUS_ADMIN_KEY'>,
  db: Db,
  log: Log,
): Promise<MediaServers | null> {
  const { JANUS_URL: urls, JANUS_API_SECRET: apiSecret, JANUS_ADMIN_KEY: adminKey } = env;
  if (!urls || !apiSecret || !adminKey) return null;
  const servers = createMediaServers(
    urls.map((url) => createJanusServer({ url, apiSecret, adminKey, log })),
    db,
    log,
  );
  await servers.start();
  return servers;
}
