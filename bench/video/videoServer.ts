// LabLive for the video benchmark: a bench database with one event and one room, its people (role
// participant: they may publish), the real server (apps/server/src/main.ts) as its own process, with
// JANUS_URL (every room through the media server) or without it (the browser mesh), and one access token
// per person through the real sign-in call. Removed afterwards, also when the run fails or is interrupted.
import { randomBytes } from 'node:crypto';
import { startServerProcess } from '@lablive/testkit/serverProcess';
import { createBenchDatabase } from '../lib/benchDatabase.ts';
import { onCleanup } from '../lib/cleanup.ts';
import { addParticipants, createBenchEvent, signInAll } from '../lib/roomFixtures.ts';
import type { BenchJanus } from './janusProcess.ts';
import { ownProcessRunning } from './processTree.ts';

export type VideoServer = {
  wsUrl: string;
  roomId: number;
  /** The LabLive server's process, for the CPU left to other processes. */
  pid: number;
  /** The room's people in order: the publisher first. */
  people: Array<{ participantId: number; token: string }>;
  stop(): Promise<void>;
};

export async function startVideoServer(
  label: string,
  people: number,
  janus: BenchJanus | null,
): Promise<VideoServer> {
  const database = await createBenchDatabase(`video_${label}`);
  const event = await createBenchEvent(database.db, `video-${label}-${randomBytes(3).toString('hex')}`, 1);
  const roomId = event.roomIds[0] ?? 0;
  const participants = await addParticipants(database.db, event, people, () => roomId);
  await database.db.destroy();
  const server = await startServerProcess({
    DATABASE_URL: database.url,
    SEED_DEMO_DATA: 'false',
    ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'),
    ACCESS_TOKEN_TTL_SECONDS: String(4 * 3600),
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    ...(janus
      ? { JANUS_URL: janus.url, JANUS_API_SECRET: janus.apiSecret, JANUS_ADMIN_KEY: janus.adminKey }
      : {}),
  });
  const stopServer = onCleanup(`stop the video bench server (${label})`, () => server.stop());
  const stop = async () => {
    await stopServer();
    await database.drop();
  };
  try {
    const tokens = await signInAll(
      server.url,
      participants.map((person) => person.invitation),
    );
    return {
      wsUrl: `${server.url.replace('http', 'ws')}/ws`,
      roomId,
      pid: ownProcessRunning('apps/server/src/main.ts'),
      people: participants.map((person, index) => ({
        participantId: person.actor.participantId,
        token: tokens[index] ?? '',
      })),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
