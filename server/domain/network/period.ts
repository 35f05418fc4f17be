/**
 * Periods of the network figures: calendar months in the company's time zone (PERIOD_TIME_ZONE, default
 * Europe/Chisinau; docs/adr/0081-periods-in-the-company-time-zone.md). A period is named by its first day
 * (`YYYY-MM-01`, as `monthly_volumes.month` stores it); an instant belongs to the month it falls in on the company's
 * clock, so an order completed at 01:30 on the 1st in Chișinău belongs to the new month even though it is still the
 * previous day in UTC. `daysLeft` counts today: on the last day of a month one day is left.
 */

const DAY = 86_400_000;

export const DEFAULT_PERIOD_TIME_ZONE = 'Europe/Chisinau';

export type Period = { start: string; end: string; daysLeft: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (found === undefined) {
    found = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, found);
  }
  return found;
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `at` in `zone` as a UTC timestamp (same fields), and its parts. */
function wallClock(at: Date, zone: string): { year: number; month: number; day: number; time: number } {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const year = parts.year ?? 1970;
  const month = parts.month ?? 1;
  const day = parts.day ?? 1;
  const time = Date.UTC(year, month - 1, day, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return { year, month, day, time };
}

const pad = (value: number, length = 2): string => String(value).padStart(length, '0');
const isoDay = (year: number, month: number, day: number): string =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** The company's calendar day of `at` (`YYYY-MM-DD`). */
export function zoneDay(at: Date, zone: string): string {
  const { year, month, day } = wallClock(at, zone);
  return isoDay(year, month, day);
}

/** First day of the month `at` falls in on the company's clock, shifted by `offset` months, as `YYYY-MM-DD`. */
export function monthStart(at: Date, offset = 0, zone: string = DEFAULT_PERIOD_TIME_ZONE): string {
  const { year, month } = wallClock(at, zone);
  return shiftMonth(isoDay(year, month, 1), offset);
}

/** The month start `offset` months after `start` (both `YYYY-MM-01`). */
export function shiftMonth(start: string, offset: number): string {
  const first = new Date(`${start.slice(0, 7)}-01T00:00:00Z`);
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + offset, 1))
    .toISOString()
    .slice(0, 10);
}

/** The instant a calendar day (`YYYY-MM-DD`) begins in `zone`: its midnight on the company's clock. */
export function dayBegins(day: string, zone: string = DEFAULT_PERIOD_TIME_ZONE): Date {
  const wanted = new Date(`${day.slice(0, 10)}T00:00:00Z`).getTime();
  // The zone's offset at the guess, corrected again across a change of offset (summer time).
  let guess = wanted;
  for (let i = 0; i < 3; i++) {
    const offset = wallClock(new Date(guess), zone).time - guess;
    const next = wanted - offset;
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

/** The instant a month (`YYYY-MM-01`) begins in `zone`. */
export const monthBegins = (start: string, zone: string = DEFAULT_PERIOD_TIME_ZONE): Date =>
  dayBegins(`${start.slice(0, 7)}-01`, zone);

/** The calendar day `days` after `day` (`YYYY-MM-DD`). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return new Date(date.getTime() + days * DAY).toISOString().slice(0, 10);
}

/** The instant a month ends (the next one begins) in `zone`. */
export const monthEnds = (start: string, zone: string = DEFAULT_PERIOD_TIME_ZONE): Date =>
  monthBegins(shiftMonth(start, 1), zone);

/** Last day of the month that starts on `start` (`YYYY-MM-DD`). */
export function monthEnd(start: string): string {
  const first = new Date(`${start}T00:00:00Z`);
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
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
export function periodOf(start: string, now: Date, zone: string = DEFAULT_PERIOD_TIME_ZONE): Period {
  const end = monthEnd(start);
  const today = new Date(`${zoneDay(now, zone)}T00:00:00Z`).getTime();
  const endTime = new Date(`${end}T00:00:00Z`).getTime();
  const startTime = new Date(`${start}T00:00:00Z`).getTime();
  const from = Math.max(today, startTime);
  const daysLeft = today > endTime ? 0 : Math.round((endTime - from) / DAY) + 1;
  return { start, end, daysLeft: Math.min(31, daysLeft) };
}

/** The current period (calendar month of `now` on the company's clock). */
export const currentPeriod = (now: Date, zone: string = DEFAULT_PERIOD_TIME_ZONE): Period =>
  periodOf(monthStart(now, 0, zone), now, zone);
