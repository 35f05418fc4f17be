/**
 * Lingui on the server (docs/adr/0101-email-templates.md): the texts of e-mails, push notifications and the
 * development mailbox live in `locales/{locale}/emails.po`, extracted by `npm run i18n:extract` and checked by
 * `npm run i18n:check` like the app's own catalog. The server has no build step, so its texts are written in the
 * forms Lingui extracts without its macro: `i18n._({ id, message })` and `<Trans id message values />` from
 * `@lingui/react`, with explicit ids (`email.order.placed.subject`). Each catalog is read and compiled once, on
 * first use; a text missing from a catalog falls back to its English `message`. English itself is the `message` in
 * the code (the source), so an edited English text can never be shadowed by a stale `en` catalog entry.
 */
import { readFileSync } from 'node:fs';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGS, type Lang } from '../db/reference.ts';

const po = formatter({ lineNumbers: false });
const instances = new Map<Lang, I18n>();

function catalogFile(lang: Lang): URL {
  return new URL(`../../locales/${lang}/emails.po`, import.meta.url);
}

/** The compiled catalog of `lang` (empty when the file is missing: every text then shows its English source). */
export function loadEmailCatalog(lang: Lang): Messages {
  let content: string;
  try {
    content = readFileSync(catalogFile(lang), 'utf8');
  } catch {
    return {};
  }
  const catalog = po.parse(content, { locale: lang, sourceLocale: 'en', filename: 'emails.po' }) as Record<
    string,
    { translation?: string; obsolete?: boolean }
  >;
  const messages: Messages = {};
  for (const [id, entry] of Object.entries(catalog)) {
    if (entry.obsolete === true || entry.translation === undefined || entry.translation === '') continue;
    messages[id] = compileMessage(entry.translation);
  }
  return messages;
}

/** A Lingui instance for `lang`, made once per process. */
export function messagesI18n(lang: Lang): I18n {
  let i18n = instances.get(lang);
  if (i18n === undefined) {
    i18n = setupI18n({ locale: lang, messages: { [lang]: lang === 'en' ? {} : loadEmailCatalog(lang) } });
    // The fallback `message` of a descriptor is ICU text: compiled when used.
    i18n.setMessagesCompiler(compileMessage);
    instances.set(lang, i18n);
  }
  return i18n;
}

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** `value` as a supported language, Russian (the product's default) otherwise. */
export function langOr(value: unknown): Lang {
  return isLang(value) ? value : 'ru';
}
