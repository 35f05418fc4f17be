import type { components } from '../../openapi/schema.d.ts';
import { dateTimeFormat } from './format.ts';
import { RANK_NAMES } from './labels/ranks.ts';

type Lang = components['schemas']['Lang'];
type LocalizedText = components['schemas']['LocalizedText'];

/** `YYYY-MM` as "November 2026" in the locale (a calendar month: no time zone shift). */
export function formatMonth(month: string, locale: string, style: 'long' | 'short' = 'long'): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (year === undefined || monthNumber === undefined || Number.isNaN(year) || Number.isNaN(monthNumber))
    return month;
  return dateTimeFormat(locale, { month: style, year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, monthNumber - 1, 1),
  );
}

/** The server's text in the interface language (all five are always there). */
export function localized(text: LocalizedText, locale: Lang): string {
  return text[locale];
}

export { RANK_NAMES };

/** `YYYY-MM` as a chart column label: the short month alone ("май", "May") and its year ("2026"). */
export function monthLabelParts(month: string, locale: string): { month: string; year: string } {
  const [year, monthNumber] = month.split('-').map(Number);
  if (year === undefined || monthNumber === undefined || Number.isNaN(year) || Number.isNaN(monthNumber))
    return { month, year: '' };
  const date = Date.UTC(year, monthNumber - 1, 1);
  return {
    month: dateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(date),
    year: dateTimeFormat(locale, { year: 'numeric', timeZone: 'UTC' }).format(date),
  };
}
