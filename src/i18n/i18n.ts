import { i18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { atFirstInteraction } from '../platform/first-interaction.ts';
import { localStore } from '../platform/local-storage.ts';

export { i18n };

export const SUPPORTED_LOCALES = [
  { code: 'ru', nativeName: 'Русский' },
  { code: 'en', nativeName: 'English' },
  { code: 'ro', nativeName: 'Română' },
  { code: 'uk', nativeName: 'Українська' },
  { code: 'it', nativeName: 'Italiano' },
] as const;

export type Locale = (typeof SUPPORTED_LOCALES)[number]['code'];

export const DEFAULT_LOCALE: Locale = 'ru';
export const LOCALE_STORAGE_KEY = 'lang';

type CatalogModule = { messages: Messages };

/** One lazy chunk per language: only the active catalog is downloaded. */
const catalogLoaders: Record<Locale, () => Promise<CatalogModule>> = {
  ru: () => import('../../locales/ru/messages.po'),
  en: () => import('../../locales/en/messages.po'),
  ro: () => import('../../locales/ro/messages.po'),
  uk: () => import('../../locales/uk/messages.po'),
  it: () => import('../../locales/it/messages.po'),
};

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && SUPPORTED_LOCALES.some((l) => l.code === value);
}

/** Maps any language code the server or the browser gives (`RU`, `uk-UA`) to a supported locale. */
export function normalizeLocale(value: unknown): Locale {
  if (typeof value !== 'string') return DEFAULT_LOCALE;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  return isSupportedLocale(base) ? base : DEFAULT_LOCALE;
}

export function getStoredLocale(): Locale {
  return normalizeLocale(localStore()?.getItem(LOCALE_STORAGE_KEY) ?? DEFAULT_LOCALE);
}

/**
 * While the app takes over a page the server rendered, a change of language waits (`holdLanguageChanges`): text
 * rendered in another language than the server's HTML would not match it, and React would render that part anew,
 * with what was typed into it gone.
 */
let languageGate: Promise<void> | null = null;

/** The longest a change of language is held (`holdLanguageChanges`). */
const LANGUAGE_HOLD_MAX_MS = 10_000;

/**
 * Holds every later change of language until the returned function is called (the app has taken the page over), or
 * `LANGUAGE_HOLD_MAX_MS` has passed.
 */
export function holdLanguageChanges(): () => void {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const timer = setTimeout(open, LANGUAGE_HOLD_MAX_MS);
  languageGate = gate;
  return () => {
    clearTimeout(timer);
    open();
    if (languageGate === gate) languageGate = null;
  };
}

/**
 * Loads the catalog of `locale` (lazily, once), activates it and sets `<html lang>`. Unknown codes fall back to
 * Russian. The choice is kept first (local-storage `lang` and the `lang` cookie the server renders in), so a page asked
 * for while the catalogue loads is rendered in it; not with `remember: false` (the fallback to Russian when the
 * chosen language's catalogue could not load keeps the choice for the next visit).
 */
export async function activateLocale(locale: string, { remember = true } = {}): Promise<void> {
  const code = normalizeLocale(locale);
  const gate = languageGate;
  if (remember) {
    localStore()?.setItem(LOCALE_STORAGE_KEY, code);
    if (typeof document !== 'undefined') writeVisitorCookie(LOCALE_COOKIE, code);
  }
  const { messages } = await catalogLoaders[code]();
  if (gate !== null) await gate;
  i18n.loadAndActivate({ locale: code, messages });
  if (typeof document !== 'undefined') document.documentElement.lang = code;
}

/** The catalog of a supported locale (the server's renderer loads them as it needs them). */
export async function loadCatalog(locale: Locale): Promise<Messages> {
  return (await catalogLoaders[locale]()).messages;
}

/**
 * Cookies that tell the server how this browser shows the app, so a first screen it renders (src/prerender/) reads
 * as the browser would render it: the language (`lang`, as kept in local storage) and the time zone (`tz`).
 */
export const LOCALE_COOKIE = 'lang';
export const TIME_ZONE_COOKIE = 'tz';

export function writeVisitorCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax`;
}

/** Keeps the `tz` cookie at this browser's time zone. */
export function rememberTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (typeof zone === 'string' && zone !== '') writeVisitorCookie(TIME_ZONE_COOKIE, zone);
}

/**
 * `rememberTimeZone` at the first pointer, key or focus, or when the page is hidden (left, or its tab put away),
 * whichever comes first: for a page the server rendered (it came with the cookie, or shows no moment), which need
 * not pay for the first use of `Intl` (ICU's zone data, some 70 ms on a phone) while it starts.
 */
export function rememberTimeZoneLater(): void {
  atFirstInteraction(rememberTimeZone, { orWhenHidden: true });
}

/** The active locale; components using it re-render when the language changes. */
export function useLocale(): Locale {
  const { i18n: active } = useLingui();
  return normalizeLocale(active.locale);
}
