import { formatCountdown } from '../lib/clock.ts';

/** A live countdown (mm:ss or hh:mm:ss) in tabular figures; the caller re-renders it every second. */
export function Countdown({ ms, label }: { ms: number; label: string }) {
  return (
    <span className="lottery-countdown">
      <span className="lottery-countdown__label">{label}</span>{' '}
      <time className="lottery-countdown__time" dateTime={`PT${Math.max(0, Math.ceil(ms / 1000))}S`}>
        {formatCountdown(ms)}
      </time>
    </span>
  );
}
