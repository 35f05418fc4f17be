import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Two catalogs, one pipeline. `messages`: the app's texts (`src/`), ids generated from the English source text by
 * the macro. `emails`: what the server writes for people (e-mails, push notifications, the development mailbox),
 * with explicit ids, loaded by server/messages/i18n.ts (docs/adr/0101-email-templates.md); kept apart so the app's
 * per-language chunk does not carry the e-mails.
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
    {
      path: '<rootDir>/locales/{locale}/emails',
      include: ['<rootDir>/server/messages'],
      exclude: ['**/node_modules/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
