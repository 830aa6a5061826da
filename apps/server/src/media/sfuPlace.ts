/// <reference path="./janode.d.ts" />
// Where one member's media go at the media server: the server carrying the room (asked on the first
// request, and again after a reset), the member's Janus session on it (opened on first use), and the
// room, created again if Janus destroyed it while it was idle.
import type { JanodeSession } from 'janode';
import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import { VIDEOROOM_ERRORS, videoRoomErrorCode } from './janusErrors.ts';
import type { JanusServer } from './janusServer.ts';
import type { MediaServers } from './mediaServers.ts';

export type SfuPlace = {
  server(): Promise<JanusServer>;
  /** The server found, if any yet. */
  current(): JanusServer | null;
  /** A new VideoRoom handle on the member's session. */
  attach(): Promise<VideoRoomHandle>;
  /** Runs a request in the room, creating the Janus room (again) when it does not exist. */
  inRoom<T>(run: () => Promise<T>): Promise<T>;
  /** Forgets the server and session (the server was lost): the next request finds them again. */
  forget(): void;
  /** Destroys the member's Janus session (its handles go with it). */
  leave(): Promise<void>;
};

export function createSfuPlace(servers: MediaServers, roomId: number): SfuPlace {
  let server: JanusServer | null = null;
  let session: Promise<JanodeSession> | null = null;

  async function roomServer(): Promise<JanusServer> {
    server ??= await servers.serverFor(roomId);
    return server;
  }

  return {
    server: roomServer,
    current: () => server,
    async attach() {
      const on = await roomServer();
      session ??= on.openSession().catch((error: unknown) => {
        session = null;
        throw error;
      });
      return on.attach(await session);
    },
    async inRoom(run) {
      const on = await roomServer();
      await on.ensureRoom(roomId);
      try {
        return await run();
      } catch (error) {
        if (videoRoomErrorCode(error) !== VIDEOROOM_ERRORS.noSuchRoom) throw error;
        on.forgetRoom(roomId);
        await on.ensureRoom(roomId);
        return run();
      }
    },
    forget() {
      server = null;
      session = null;
    },
    async leave() {
      const open = session;
      session = null;
      if (open) await (await open.catch(() => null))?.destroy().catch(() => {});
    },
  };
}
