// @vitest-environment jsdom
// The locally kept, not yet saved language choice (src/i18n/language-choice.ts): stored with `lang` at once, read
// back while fresh, not trusted when old or unreadable, dropped (optionally storing the active language back).
import { afterEach, describe, expect, it } from 'vitest';
import { getStoredLocale } from '#src/i18n/i18n.ts';
import {
  UNSAVED_FOR_MS,
  UNSAVED_LOCALE_KEY,
  forgetUnsavedLocale,
  rememberUnsavedLocale,
  unsavedLocale,
} from '#src/i18n/language-choice.ts';

afterEach(() => {
  localStorage.clear();
});

describe('the unsaved language choice', () => {
  it('is stored as the interface language at once, so the next boot starts in it', () => {
    rememberUnsavedLocale('en-GB', 1_000);
    expect(getStoredLocale()).toBe('en');
    expect(unsavedLocale(1_000 + UNSAVED_FOR_MS)).toBe('en');
  });

  it('is not trusted once older than the window, from the future, or unreadable', () => {
    rememberUnsavedLocale('it', 1_000);
    expect(unsavedLocale(1_001 + UNSAVED_FOR_MS)).toBeNull();
    expect(unsavedLocale(999)).toBeNull();
    localStorage.setItem(UNSAVED_LOCALE_KEY, '{not json');
    expect(unsavedLocale()).toBeNull();
    localStorage.setItem(UNSAVED_LOCALE_KEY, JSON.stringify({ locale: 'uk' }));
    expect(unsavedLocale()).toBeNull();
  });

  it('is forgotten when the server has it, and the active language stored back when it refused', () => {
    rememberUnsavedLocale('ro');
    forgetUnsavedLocale();
    expect(unsavedLocale()).toBeNull();
    expect(getStoredLocale()).toBe('ro');
    rememberUnsavedLocale('uk');
    forgetUnsavedLocale('ru');
    expect(unsavedLocale()).toBeNull();
    expect(getStoredLocale()).toBe('ru');
  });
});
