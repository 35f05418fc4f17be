/**
 * Opening hours as data (docs/adr/0046-server-sends-codes.md): the stored OpenStreetMap-style text
 * (`Mo-Fr 09:00-19:00; Sa 10:00-15:00`) becomes `OpeningHoursSpan`s, which the SPA writes with the day names of the
 * interface language (`Intl`).
 */
import type { components } from '#openapi/schema.d.ts';

export type OpeningHoursSpan = components['schemas']['OpeningHoursSpan'];

const DAY_CODES = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
const TIME = /^([01][0-9]|2[0-4]):[0-5][0-9]$/;

/** ISO day number (1 = Monday) of an OSM day code; 0 when it is none. */
function dayNumber(code: string): number {
  return DAY_CODES.findIndex((day) => day === code) + 1;
}

/** `Mo-Fr` / `Sa` / `Mo,We,Fr` → ISO day numbers; null when a part is not a day or a range runs backwards. */
function parseDays(text: string): number[] | null {
  const days: number[] = [];
  for (const part of text.split(',')) {
    const [from, to] = part.trim().split('-');
    const first = dayNumber(from ?? '');
    const last = to === undefined ? first : dayNumber(to);
    if (first === 0 || last === 0 || last < first) return null;
    for (let day = first; day <= last; day += 1) days.push(day);
  }
  return days;
}

/** The spans of a stored opening-hours text; null when any part does not parse (the check script reports it). */
export function parseOpeningHours(text: string): OpeningHoursSpan[] | null {
  const spans: OpeningHoursSpan[] = [];
  for (const rule of text.split(';')) {
    const match = /^\s*([A-Za-z,-]+)\s+(\d{2}:\d{2})-(\d{2}:\d{2})\s*$/.exec(rule);
    if (match === null) return null;
    const [, dayText = '', opens = '', closes = ''] = match;
    const days = parseDays(dayText);
    if (days === null || !TIME.test(opens) || !TIME.test(closes)) return null;
    spans.push({ days, opens, closes });
  }
  return spans;
}

/** The spans for the API: an unreadable text gives none (the raw `workingHours` is still sent). */
export function openingHoursOf(text: string): OpeningHoursSpan[] {
  return parseOpeningHours(text) ?? [];
}
