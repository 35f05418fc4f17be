/**
 * Periods of the network figures: calendar months in UTC (the seed and `monthly_volumes.month` use the first day of
 * the month). `daysLeft` counts today: on the last day of a month one day is left.
 */

const DAY = 86_400_000;

export type Period = { start: string; end: string; daysLeft: number };

const iso = (date: Date): string => date.toISOString().slice(0, 10);

/** First day of the month of `date` shifted by `offset` months, as `YYYY-MM-DD`. */
export function monthStart(date: Date, offset = 0): string {
  return iso(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1)));
}

/** Last day of the month that starts on `start` (`YYYY-MM-DD`). */
export function monthEnd(start: string): string {
  const first = new Date(`${start}T00:00:00Z`);
  return iso(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)));
}

/** `YYYY-MM` of a month start. */
export const monthKey = (start: string): string => start.slice(0, 7);

/** The month start of a `YYYY-MM` key. */
export const monthFromKey = (key: string): string => `${key}-01`;

/** Whole months from `from` to `to` (both month starts). */
export function monthsBetween(from: string, to: string): number {
  const a = new Date(`${from}T00:00:00Z`);
  const b = new Date(`${to}T00:00:00Z`);
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
}

/** The period of the month starting on `start`, seen on `now` (a past month has no days left). */
export function periodOf(start: string, now: Date): Period {
  const end = monthEnd(start);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const endTime = new Date(`${end}T00:00:00Z`).getTime();
  const startTime = new Date(`${start}T00:00:00Z`).getTime();
  const from = Math.max(today, startTime);
  const daysLeft = today > endTime ? 0 : Math.round((endTime - from) / DAY) + 1;
  return { start, end, daysLeft: Math.min(31, daysLeft) };
}

/** The current period (calendar month of `now`). */
export const currentPeriod = (now: Date): Period => periodOf(monthStart(now), now);
