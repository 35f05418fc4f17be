import type { Plugin } from 'vite';

/**
 * Lingui's runtime (`@lingui/core`, 5.x and 6.x alike) writes a plural's number with an `Intl.NumberFormat` of its own
 * for every plural it renders, whether or not the chosen branch prints it (`#`): "{days, plural, one {day left}
 * other {days left}}" makes one too. The first `Intl` formatter of a page loads ICU's locale data, 10–15 ms, some
 * 50 ms on a phone, and a page the server rendered otherwise makes none as it starts (src/i18n/format-table.ts).
 * This makes Lingui format the number only for a branch that prints it: the same text either way.
 *
 * The change is to one exact piece of Lingui's file: when that piece is not there (another version of Lingui), the
 * build fails rather than quietly keeping the cost (docs/adr/0157-formatted-texts-with-the-page.md).
 */
const FILE = /[\\/]@lingui[\\/]core[\\/]dist[\\/]index\.mjs$/;

const BEFORE = `  const replaceOctothorpe = (value, message) => {
    const numberFormat = Object.keys(formats).length ? style("number") : void 0;`;

const AFTER = `  const replaceOctothorpe = (value, message) => {
    if (!message.includes(OCTOTHORPE_PH)) return message;
    const numberFormat = Object.keys(formats).length ? style("number") : void 0;`;

/** Lingui's runtime source with the change, or an error when it is not the source this change was written for. */
export function withPluralNumberOnlyWhenShown(source: string): string {
  const at = source.indexOf(BEFORE);
  if (at === -1 || source.indexOf(BEFORE, at + 1) !== -1 || !source.includes('const OCTOTHORPE_PH ='))
    throw new Error(
      "lingui-plural-number: @lingui/core's runtime is not the one this change was written for; " +
        'check whether it still formats every plural’s number, and update or drop ' +
        'scripts/vite/lingui-plural-number.ts',
    );
  return source.replace(BEFORE, AFTER);
}

export function linguiPluralNumber(): Plugin {
  return {
    name: 'portal:lingui-plural-number',
    enforce: 'pre',
    transform(code, id) {
      if (!FILE.test(id)) return null;
      return { code: withPluralNumberOnlyWhenShown(code), map: null };
    },
  };
}
