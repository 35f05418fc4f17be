/**
 * A language the user chose that the server has not confirmed yet, kept in local storage beside `lang` so that a
 * reload while `POST /users/lang` is on its way (or before it left) keeps the choice instead of taking the
 * account's older language from `/users/me`. The language machine reconciles it with the server and forgets it
 * once the server has it; a mark older than `UNSAVED_FOR_MS` is not trusted (a tab closed mid-save long ago).
 */
import { LOCALE_STORAGE_KEY, normalizeLocale, type Locale } from './i18n.ts';
import { localStore } from '../platform/local-storage.ts';

export const UNSAVED_LOCALE_KEY = 'lang-unsaved';
export const UNSAVED_FOR_MS = 10 * 60 * 1000;

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStore()?.removeItem(key);
    else localStore()?.setItem(key, value);
  } catch {
    // A full or blocked storage only loses the local copy; the server's language still applies.
  }
}

/** Stores `locale` as the interface language at once (read by the next boot) and marks it unsaved. */
export function rememberUnsavedLocale(locale: string, now: number = Date.now()): void {
  const code = normalizeLocale(locale);
  write(LOCALE_STORAGE_KEY, code);
  write(UNSAVED_LOCALE_KEY, JSON.stringify({ locale: code, at: now }));
}

/** The chosen language the server has not confirmed yet, or null (none, unreadable, or too old). */
export function unsavedLocale(now: number = Date.now()): Locale | null {
  const raw = localStore()?.getItem(UNSAVED_LOCALE_KEY) ?? null;
  if (raw === null) return null;
  try {
    const mark = JSON.parse(raw) as { locale?: unknown; at?: unknown };
    if (typeof mark.at !== 'number' || now - mark.at > UNSAVED_FOR_MS || now < mark.at) return null;
    return typeof mark.locale === 'string' ? normalizeLocale(mark.locale) : null;
  } catch {
    return null;
  }
}

/** The server has the choice (or refused it): drop the mark; `keep` becomes the stored language when given. */
export function forgetUnsavedLocale(keep?: string): void {
  write(UNSAVED_LOCALE_KEY, null);
  if (keep !== undefined) write(LOCALE_STORAGE_KEY, normalizeLocale(keep));
}
