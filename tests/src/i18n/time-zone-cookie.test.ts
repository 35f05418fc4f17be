// @vitest-environment jsdom
// The `tz` cookie the server renders dates in (src/i18n/i18n.ts): written at once, or on a page without a moment
// (/login) only when the page is touched or hidden, so its start does not load ICU's zone data.
import { afterEach, describe, expect, it } from 'vitest';
import { rememberTimeZone, rememberTimeZoneLater } from '#src/i18n/i18n.ts';

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const tzCookie = () => document.cookie.split('; ').find((pair) => pair.startsWith('tz='));

afterEach(() => {
  document.cookie = 'tz=; max-age=0; path=/';
});

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('the tz cookie', () => {
  it('is written at once by rememberTimeZone', () => {
    rememberTimeZone();
    expect(tzCookie()).toBe(`tz=${encodeURIComponent(zone)}`);
  });

  it('is written by rememberTimeZoneLater at the first focus, once', () => {
    rememberTimeZoneLater();
    expect(tzCookie()).toBeUndefined();
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(tzCookie()).toBe(`tz=${encodeURIComponent(zone)}`);
    document.cookie = 'tz=; max-age=0; path=/';
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(tzCookie(), 'once').toBeUndefined();
  });

  it('is written by rememberTimeZoneLater when the page is hidden, not when it becomes visible', () => {
    rememberTimeZoneLater();
    setVisibility('visible');
    expect(tzCookie()).toBeUndefined();
    setVisibility('hidden');
    expect(tzCookie()).toBe(`tz=${encodeURIComponent(zone)}`);
  });
});
