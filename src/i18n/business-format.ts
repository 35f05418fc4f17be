import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { components } from '../../openapi/schema.d.ts';

type Rank = components['schemas']['Rank'];
type Lang = components['schemas']['Lang'];
type LocalizedText = components['schemas']['LocalizedText'];

/** `YYYY-MM` as "November 2026" in the locale (a calendar month: no time zone shift). */
export function formatMonth(month: string, locale: string, style: 'long' | 'short' = 'long'): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (year === undefined || monthNumber === undefined || Number.isNaN(year) || Number.isNaN(monthNumber))
    return month;
  return new Intl.DateTimeFormat(locale, { month: style, year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, monthNumber - 1, 1),
  );
}

/** The server's text in the interface language (all five are always there). */
export function localized(text: LocalizedText, locale: Lang): string {
  return text[locale];
}

/** Rank codes of the contract, lowest first, as the interface names them. */
export const RANK_NAMES: Record<Rank, MessageDescriptor> = {
  consultant: msg`Consultant`,
  manager: msg`Manager`,
  senior_manager: msg`Senior Manager`,
  director: msg`Director`,
  silver_director: msg`Silver Director`,
  gold_director: msg`Gold Director`,
  diamond_director: msg`Diamond Director`,
  president: msg`President`,
};
