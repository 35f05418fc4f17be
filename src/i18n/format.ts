/** `Intl` helpers; every one takes the active locale (see `useLocale()`). */
import {
  formatKey,
  formatted,
  recordFormats,
  takeRecordedFormats,
  type FormatTable,
} from './format-table.ts';

/** A formatter of one locale and options (what callers use of `Intl`'s). */
export interface Formatter<T extends number | Date = number | Date> {
  format(value: T): string;
}

/**
 * One locale and options: the text a value got in the page's server render when it has one (format-table.ts), else
 * `Intl`'s, whose formatter is made at its first need only (making one costs far more than formatting with it, and
 * the first of a page loads ICU's data).
 */
class TableFormat<T extends number | Date> implements Formatter<T> {
  private intl: Formatter<T> | null = null;

  constructor(
    private readonly key: string,
    private readonly make: () => Formatter<T>,
    private readonly zoned = false,
  ) {}

  format(value: T): string {
    const instant = this.zoned ? (typeof value === 'number' ? value : value.getTime()) : undefined;
    return formatted(formatKey(this.key, value), () => (this.intl ??= this.make()).format(value), instant);
  }
}

/** Every formatter made, by locale and options (and, for a moment in the visitor's zone, that zone). */
const formatters = new Map<string, Formatter<never>>();

/** The formatter of `cacheKey`, made once (a catalogue page formats two figures per card, a list three per line). */
function formatterOf<T extends number | Date>(cacheKey: string, make: () => Formatter<T>): Formatter<T> {
  let format = formatters.get(cacheKey) as Formatter<T> | undefined;
  if (format === undefined) {
    format = make();
    formatters.set(cacheKey, format);
  }
  return format;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Formatter<number> {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  return formatterOf(key, () => new TableFormat<number>(key, () => new Intl.NumberFormat(locale, options)));
}

export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): Formatter<number | Date> {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  return formatterOf(
    key,
    () => new TableFormat<number | Date>(key, () => new Intl.DateTimeFormat(locale, options)),
  );
}

/**
 * A moment's format in the visitor's time zone: the browser's own, or the render's on the server. Its texts are
 * keyed without the zone (the server's and the browser's must meet); its `Intl` formatter is one per zone.
 */
function zonedFormat(locale: string, options: Intl.DateTimeFormatOptions): Formatter<Date> {
  zoneUsed = true;
  const key = `z|${locale}|${JSON.stringify(options)}`;
  const zone = renderTimeZone;
  return formatterOf(
    `${key}|${zone ?? ''}`,
    () =>
      new TableFormat<Date>(
        key,
        () => new Intl.DateTimeFormat(locale, zone === undefined ? options : { ...options, timeZone: zone }),
        true,
      ),
  );
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
  return calendarDay
    ? dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(toDate(value))
    : zonedFormat(locale, { dateStyle: 'medium' }).format(toDate(value));
}

export function formatDateTime(value: string | number | Date, locale: string): string {
  return zonedFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(toDate(value));
}

let renderTimeZone: string | undefined;
let zoneUsed = false;

/**
 * A server render of a visitor's first screen (src/prerender/server-entry.tsx), synchronous, between these two: it
 * shows moments in the visitor's zone (else the browser's own is used), and its texts are recorded for the page.
 */
export function beginServerRender(zone: string): void {
  renderTimeZone = zone;
  zoneUsed = false;
  recordFormats(zone);
}

/** The render's texts, and whether it showed a moment in the zone (a page without one reads alike in any). */
export function endServerRender(): { zoned: boolean; formats: FormatTable } {
  const zoned = zoneUsed;
  renderTimeZone = undefined;
  zoneUsed = false;
  return { zoned, formats: takeRecordedFormats() };
}
