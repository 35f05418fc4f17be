/** Five-language phrases for the demo catalogue's word tables: one phrase per language, filled and joined. */
import type { Lang, Localized } from '../db/reference.ts';

export type L = Localized;
export const t = (ru: string, en: string, ro: string, uk: string, it: string): L => ({ ru, en, ro, uk, it });
export const each = (fn: (lang: Lang) => string): L => ({
  ru: fn('ru'),
  en: fn('en'),
  ro: fn('ro'),
  uk: fn('uk'),
  it: fn('it'),
});
export const ml = (volume: number): L =>
  t(`${volume} мл`, `${volume} ml`, `${volume} ml`, `${volume} мл`, `${volume} ml`);

export const fill = (template: L, slots: Record<string, L | string>): L =>
  each((lang) =>
    template[lang].replace(/\{(\w)\}/g, (whole, key: string) => {
      const value = slots[key];
      if (value === undefined) return whole;
      return typeof value === 'string' ? value : value[lang];
    }),
  );

export const join = (...parts: L[]): L => each((lang) => parts.map((part) => part[lang]).join(' '));

/** The unit of a pack sold by the piece. */
export const PIECES = t('шт.', 'pcs', 'buc.', 'шт.', 'pz');
