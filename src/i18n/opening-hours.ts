import type { components } from '../../openapi/schema.d.ts';
import { dateTimeFormat } from './format.ts';
import type { Locale } from './i18n.ts';

type OpeningHoursSpan = components['schemas']['OpeningHoursSpan'];
type LocalizedText = components['schemas']['LocalizedText'];

/** A Monday (2024-01-01, UTC): day `n` (ISO, 1 = Monday) is `n - 1` days later. */
const MONDAY = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;

function dayName(day: number, locale: Locale): string {
  return dateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(MONDAY + (day - 1) * DAY_MS),
  );
}

function time(value: string, locale: Locale): string {
  const [hours = 0, minutes = 0] = value.split(':').map(Number);
  return dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1, hours, minutes)),
  );
}

/** Consecutive days as runs: [1,2,3,5] → [[1,3],[5,5]]. */
function runs(days: readonly number[]): Array<[number, number]> {
  const result: Array<[number, number]> = [];
  for (const day of [...days].sort((a, b) => a - b)) {
    const last = result[result.length - 1];
    if (last !== undefined && day === last[1] + 1) last[1] = day;
    else result.push([day, day]);
  }
  return result;
}

/**
 * Opening hours in the interface language (docs/adr/0046-server-sends-codes.md): day names and times from
 * `Intl`, ranges with an en dash — "Mon–Fri 09:00 AM–07:00 PM" in English, "пн–пт 09:00–19:00" in Russian.
 * `fallback` (the stored text) when the server sent no spans.
 */
export function formatOpeningHours(
  spans: readonly OpeningHoursSpan[] | undefined,
  locale: Locale,
  fallback: string,
): string {
  if (spans === undefined || spans.length === 0) return fallback;
  return spans
    .map((span) => {
      const days = runs(span.days)
        .map(([first, last]) =>
          first === last ? dayName(first, locale) : `${dayName(first, locale)}–${dayName(last, locale)}`,
        )
        .join(', ');
      return `${days} ${time(span.opens, locale)}–${time(span.closes, locale)}`;
    })
    .join('; ');
}

/** A server-sent name in the interface language: the per-language map when sent, else the single name. */
export function localName(names: LocalizedText | undefined, locale: Locale, fallback: string): string {
  return names?.[locale] ?? fallback;
}
