import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Message ids are generated from the English source text (`sourceLocale: 'en'`).
 * Russian is the product's default language at runtime (see src/i18n/i18n.ts);
 * a missing translation falls back to the English source in compiled catalogs,
 * and `npm run i18n:check` refuses any missing or untranslated message.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['ru', 'en', 'ro', 'uk', 'it'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
