/** `Intl` helpers; every one takes the active locale (see `useLocale()`). */

/** Money is kept in minor units (bani) beside an ISO currency code. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}

export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

/** Points (PV) are decimals with at most two digits after the point. */
export function formatPoints(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(value);
}

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A bare `YYYY-MM-DD` (a signing date, a month) is a calendar day, not an instant: shown in UTC so it never shifts. */
export function formatDate(value: string | number | Date, locale: string): string {
  const calendarDay = typeof value === 'string' && DATE_ONLY.test(value);
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    ...(calendarDay ? { timeZone: 'UTC' } : {}),
  }).format(toDate(value));
}

export function formatDateTime(value: string | number | Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(toDate(value));
}
