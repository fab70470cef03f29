import { useEffect, useState } from 'react';

/** The message to show now: the next one every `intervalMs` while `active`, from the first again when it restarts. */
export function useRotatingMessage(messages: readonly string[], intervalMs: number, active = true): string {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    setIndex(0);
    if (!active || messages.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % messages.length), intervalMs);
    return () => clearInterval(timer);
  }, [messages, intervalMs, active]);
  return messages[index] ?? '';
}
