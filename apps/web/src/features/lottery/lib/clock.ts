import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs` (the countdowns' tick). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * The server's clock minus this browser's, from a call's `serverTime` and the moment its answer
 * arrived: countdowns use the server's times, not the client clock alone.
 */
export function clockOffset(serverTime: number | undefined, receivedAt: number): number {
  return serverTime === undefined || receivedAt === 0 ? 0 : serverTime - receivedAt;
}

/** ms left until `serverMs` (a server timestamp), on a client clock `now` shifted by `offset`. */
export function remainingMs(serverMs: number, now: number, offset: number): number {
  return serverMs - (now + offset);
}

const dayMs = 86_400_000;

/** Whole days of a countdown a day or longer (a station that draws next week), shown before hh:mm:ss. */
export function countdownDays(ms: number): number {
  return ms >= dayMs ? Math.floor(ms / dayMs) : 0;
}

/** A countdown as mm:ss, or hh:mm:ss from an hour up (the hours left after whole days); 00:00 once passed. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil((ms - countdownDays(ms) * dayMs) / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** A value that follows `value` once it has stayed unchanged for `waitMs` (spec 5: search 500 ms). */
export function useDebouncedValue<Value>(value: Value, waitMs: number): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), waitMs);
    return () => clearTimeout(timer);
  }, [value, waitMs]);
  return settled;
}
