/** `Intl` helpers; every one takes the active locale (see `useLocale()`). */

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One `Intl.NumberFormat` per locale and options, made once: making one costs far more than formatting with it
 * (a catalogue page formats two figures per card, a list three per line).
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** One `Intl.DateTimeFormat` per locale and options, made once (see `numberFormat`). */
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** Money is kept in minor units (bani) beside an ISO currency code. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return numberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}

export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(value);
}

/** Points (PV) are decimals with at most two digits after the point. */
export function formatPoints(value: number, locale: string): string {
  return numberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(value);
}

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A bare `YYYY-MM-DD` (a signing date, a month) is a calendar day, not an instant: shown in UTC so it never shifts. */
export function formatDate(value: string | number | Date, locale: string): string {
  const calendarDay = typeof value === 'string' && DATE_ONLY.test(value);
  return dateTimeFormat(locale, {
    dateStyle: 'medium',
    ...(calendarDay ? { timeZone: 'UTC' } : visitorZone()),
  }).format(toDate(value));
}

export function formatDateTime(value: string | number | Date, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', ...visitorZone() }).format(
    toDate(value),
  );
}

let renderTimeZone: string | undefined;
let zoneUsed = false;

/**
 * The time zone a moment is shown in: the browser's own, except while the server renders a visitor's first screen
 * (src/prerender/server-entry.tsx), which shows it in the visitor's zone (set for that synchronous render only).
 */
export function setRenderTimeZone(zone: string | undefined): void {
  renderTimeZone = zone;
  zoneUsed = false;
}

/** Whether the render since `setRenderTimeZone` showed a moment in the zone (a page without one reads alike in any). */
export function renderUsedTimeZone(): boolean {
  return zoneUsed;
}

function visitorZone(): { timeZone?: string } {
  zoneUsed = true;
  return renderTimeZone === undefined ? {} : { timeZone: renderTimeZone };
}
