import type { components } from '#openapi/schema.d.ts';
import type { Locale } from '#src/i18n/i18n.ts';

type LocalizedText = components['schemas']['LocalizedText'];

/** A product's text in the active language (every language is required by the contract). */
export function localized(text: LocalizedText, locale: Locale): string {
  return text[locale];
}
