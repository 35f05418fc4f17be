import { describe, expect, it } from 'vitest';
import { parseOpeningHours } from '#server/domain/account/opening-hours.ts';
import { formatOpeningHours, localName } from '#src/i18n/opening-hours.ts';

const stored = 'Mo-Fr 09:00-19:00; Sa 10:00-15:00';

describe('opening hours as data, written in the interface language (issue 13.5)', () => {
  it('reads the stored text into spans and refuses what it cannot read', () => {
    expect(parseOpeningHours(stored)).toEqual([
      { days: [1, 2, 3, 4, 5], opens: '09:00', closes: '19:00' },
      { days: [6], opens: '10:00', closes: '15:00' },
    ]);
    expect(parseOpeningHours('Mo,We,Fr 08:30-12:00')).toEqual([
      { days: [1, 3, 5], opens: '08:30', closes: '12:00' },
    ]);
    for (const bad of ['Mo-Xx 09:00-19:00', 'Fr-Mo 09:00-19:00', 'daily', 'Mo 9-19'])
      expect(parseOpeningHours(bad), bad).toBeNull();
  });

  it('writes day names and times with Intl, never the stored English codes', () => {
    const spans = parseOpeningHours(stored) ?? [];
    const ru = formatOpeningHours(spans, 'ru', stored);
    expect(ru).toBe('пн–пт 09:00–19:00; сб 10:00–15:00');
    const it = formatOpeningHours(spans, 'it', stored);
    expect(it).toBe('lun–ven 09:00–19:00; sab 10:00–15:00');
    const en = formatOpeningHours(spans, 'en', stored);
    expect(en).toMatch(/^Mon–Fri 09:00\sAM–07:00\sPM; Sat 10:00\sAM–03:00\sPM$/);
    expect(formatOpeningHours([{ days: [1, 2, 4], opens: '09:00', closes: '12:00' }], 'uk', '')).toBe(
      'пн–вт, чт 09:00–12:00',
    );
    expect(formatOpeningHours([], 'ru', stored)).toBe(stored);
  });

  it('picks a server-sent name in the interface language', () => {
    const names = {
      ru: 'Склад Кишинёв',
      en: 'Chișinău warehouse',
      ro: 'Depozitul Chișinău',
      uk: 'Склад Кишинів',
      it: 'Magazzino di Chișinău',
    };
    expect(localName(names, 'en', 'Склад Кишинёв')).toBe('Chișinău warehouse');
    expect(localName(undefined, 'en', 'Склад Кишинёв')).toBe('Склад Кишинёв');
  });
});
