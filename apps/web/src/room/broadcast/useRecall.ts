// The recall at the end of the breakouts (issue 33, part 4): when it arrives while the person is in a
// room other than the target, they are told and taken there a moment later, by the room's own route
// (the server lets them in for that session: apps/server/src/access/roomRecall.ts). A recall that was
// already in the room's state when they joined does not move them: it happened before they came.
import type { Breakout } from '@lablive/domain';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';

/** How long the person reads why they move before the room changes. */
export const RECALL_NOTICE_MS = 2500;

const recalledStateSchema = z.object({ recalledFrom: z.string() });

/** The room a person was brought back from, when this room is where a recall took them. */
export function useRecalledFrom(): string | null {
  const location = useLocation();
  const parsed = recalledStateSchema.safeParse(location.state);
  return parsed.success ? parsed.data.recalledFrom : null;
}

export function useRecall(roomId: number, roomName: string, breakout: Breakout | null) {
  const navigate = useNavigate();
  const location = useLocation();
  const seenAtJoin = useRef(breakout?.recalledAt ?? null);
  const [moving, setMoving] = useState<Breakout | null>(null);
  const recalledAt = breakout?.recalledAt ?? null;
  const fresh = breakout !== null && recalledAt !== null && recalledAt !== seenAtJoin.current;

  useEffect(() => {
    if (!fresh || breakout === null || breakout.targetRoomId === roomId) return;
    setMoving(breakout);
    const state: unknown = location.state;
    const kept = typeof state === 'object' && state !== null ? state : {};
    const timer = setTimeout(() => {
      navigate(`/room/${breakout.targetRoomId}`, { state: { ...kept, recalledFrom: roomName } });
    }, RECALL_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [fresh, breakout, roomId, roomName, navigate, location.state]);

  return { movingTo: moving, recalledHere: fresh && breakout?.targetRoomId === roomId };
}
