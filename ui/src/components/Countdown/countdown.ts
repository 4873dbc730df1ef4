import { useEffect, useState } from 'react';

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whole days, hours, minutes and seconds left until `end`; all zero once it has passed. */
export function countdownParts(end: number, now: number): CountdownParts {
  const left = Math.max(0, end - now);
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    seconds: Math.floor((left % MINUTE) / SECOND),
  };
}

const two = (value: number) => String(value).padStart(2, '0');

/**
 * A payment quote's time left: mm:ss under an hour, hh:mm:ss from an hour on, 00:00 once expired.
 * Seconds round up, so the clock shows 00:00 only when the time is really over.
 */
export function formatClock(leftMs: number): string {
  if (!(leftMs > 0)) return '00:00';
  const total = Math.ceil(leftMs / SECOND);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0
    ? `${two(hours)}:${two(minutes)}:${two(seconds)}`
    : `${two(minutes)}:${two(seconds)}`;
}

/** The current time, re-read every `intervalMs` (a countdown ticks every second). */
export function useNow(intervalMs = SECOND): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
