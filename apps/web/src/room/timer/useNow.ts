// The current time, refreshed every second while `running`: the meeting timer updates each second.
import { useEffect, useState } from 'react';

export const TIMER_TICK_MS = 1000;

export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TIMER_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
