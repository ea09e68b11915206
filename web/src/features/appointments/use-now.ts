import { useEffect, useState } from 'react';

/** The current time, refreshed every minute so times that pass become unavailable on screen. */
export function useNow(refreshMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);
  return now;
}
