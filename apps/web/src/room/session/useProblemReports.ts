// What goes wrong in this browser reaches the server's log (with the room and the participant), not
// only the console: a video or device problem as it happens, and, when the video session drops this
// person, the room's own record of it (ReportDisconnection, with the provider's reason).
import type { RoomHandle } from '@lablive/client';
import { useEffect } from 'react';
import { VideoSessionDisconnected } from '../../media/mediaSession.ts';

const describe = (problem: unknown): string =>
  problem instanceof Error ? `${problem.name}: ${problem.message}` : String(problem);

export function useProblemReports(handle: RoomHandle, problem: unknown, kind: 'video' | 'device'): void {
  useEffect(() => {
    if (problem === null || problem === undefined) return;
    handle.report(kind, describe(problem));
    if (problem instanceof VideoSessionDisconnected) {
      void handle
        .send({ type: 'ReportDisconnection', data: { reason: problem.reason || 'disconnected' } })
        .catch(() => undefined);
    }
  }, [handle, problem, kind]);
}
