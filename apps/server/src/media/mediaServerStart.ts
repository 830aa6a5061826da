// The media server this instance uses, from the environment: none (video goes peer to peer, or through
// OpenTok), or Janus at JANUS_URL, connected before the instance serves, so a wrong address or secret
// stops the start with a message naming it instead of leaving every room without video.
import type { Env } from '../config/env.ts';
import { createJanusServer, type JanusServer } from './janusServer.ts';

type Log = (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;

export async function startMediaServer(
  env: Pick<Env, 'JANUS_URL' | 'JANUS_API_SECRET' | 'JANUS_ADMIN_KEY'>,
  log: Log,
): Promise<JanusServer | null> {
  if (!env.JANUS_URL || !env.JANUS_API_SECRET || !env.JANUS_ADMIN_KEY) return null;
  const server = createJanusServer({
    url: env.JANUS_URL,
    apiSecret: env.JANUS_API_SECRET,
    adminKey: env.JANUS_ADMIN_KEY,
    log,
  });
  await server.start();
  return server;
}
