import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPoints,
  dateTimeFormat,
  numberFormat,
} from '#src/i18n/format.ts';

// Intl output may use narrow no-break spaces; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('format helpers follow the locale', () => {
  it('formats money from minor units with the currency', () => {
    expect(plain(formatMoney(123456, 'MDL', 'en'))).toBe('MDL 1,234.56');
    expect(plain(formatMoney(123456, 'MDL', 'ru'))).toBe('1 234,56 MDL');
    expect(plain(formatMoney(99, 'EUR', 'it'))).toBe('0,99 €');
  });

  it('formats numbers with the locale separators', () => {
    expect(plain(formatNumber(1234567.5, 'en'))).toBe('1,234,567.5');
    expect(plain(formatNumber(1234567.5, 'uk'))).toBe('1 234 567,5');
  });

  it('shows points with at most two decimals', () => {
    expect(formatPoints(25, 'en')).toBe('25');
    expect(formatPoints(12.345, 'en')).toBe('12.35');
    expect(formatPoints(12.5, 'ro')).toBe('12,5');
  });

  it('formats dates in the language of the interface', () => {
    expect(formatDate('2025-03-01', 'en')).toBe('Mar 1, 2025');
    expect(formatDate('2025-03-01', 'ru')).toMatch(/^1 мар\.? 2025/);
    expect(formatDate('2025-03-01', 'it')).toBe('1 mar 2025');
  });

  it('keeps a calendar day on its day whatever the time zone', () => {
    expect(formatDate('2025-01-01', 'en')).toBe('Jan 1, 2025');
  });

  it('formats date and time', () => {
    const text = plain(formatDateTime(new Date(2025, 2, 1, 14, 5), 'en'));
    expect(text).toMatch(/^Mar 1, 2025, 2:05 PM$/);
    expect(plain(formatDateTime(new Date(2025, 2, 1, 14, 5), 'ru'))).toContain('14:05');
  });
});

describe('formatter cache', () => {
  it('makes one formatter per locale and options, and keeps each locale and option apart', () => {
    const money = numberFormat('ro', { style: 'currency', currency: 'MDL' });
    expect(numberFormat('ro', { style: 'currency', currency: 'MDL' })).toBe(money);
    expect(numberFormat('ru', { style: 'currency', currency: 'MDL' })).not.toBe(money);
    expect(numberFormat('ro', { style: 'currency', currency: 'EUR' })).not.toBe(money);
    expect(dateTimeFormat('en', { dateStyle: 'medium' })).toBe(dateTimeFormat('en', { dateStyle: 'medium' }));
    // Cached or not, the text is the locale's: 1 805,00 in Russian, 1,805.00 in English.
    expect(plain(formatMoney(180500, 'MDL', 'ru'))).toContain('1 805,00');
    expect(plain(formatMoney(180500, 'MDL', 'en'))).toContain('1,805.00');
  });
});
