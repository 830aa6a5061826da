// The current time, refreshed every `intervalMs` while `running`: the session duration counts up each
// second while the session runs, and stays still otherwise.
import { useEffect, useState } from 'react';

export function useNow(intervalMs: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, running]);
  return now;
}
