// @vitest-environment jsdom
import { msg } from '@lingui/core/macro';
import { afterEach, describe, expect, it } from 'vitest';
import {
  activateLocale,
  getStoredLocale,
  i18n,
  LOCALE_STORAGE_KEY,
  normalizeLocale,
} from '#src/i18n/i18n.ts';

const wishlist = msg`Wishlist`;

describe('activateLocale', () => {
  afterEach(() => localStorage.clear());

  it('defaults to Russian when nothing is stored', () => {
    expect(getStoredLocale()).toBe('ru');
  });

  it('reads the stored language, tolerating case and regions', () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'UK');
    expect(getStoredLocale()).toBe('uk');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'xx');
    expect(getStoredLocale()).toBe('ru');
    expect(normalizeLocale('it-IT')).toBe('it');
    expect(normalizeLocale(null)).toBe('ru');
  });

  it('switches the interface, stores the choice and sets <html lang>', async () => {
    await activateLocale('uk');
    expect(i18n.locale).toBe('uk');
    expect(i18n._(wishlist)).toBe('Список бажань');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('uk');
    expect(document.documentElement.lang).toBe('uk');

    await activateLocale('it');
    expect(i18n._(wishlist)).toBe('Lista dei desideri');
    expect(getStoredLocale()).toBe('it');
  });

  it('falls back to Russian for a language the product does not have', async () => {
    await activateLocale('de');
    expect(i18n.locale).toBe('ru');
    expect(i18n._(wishlist)).toBe('Избранное');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ru');
  });
});
