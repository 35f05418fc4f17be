/**
 * Texts the server writes into a public page's head (server/http/shop-head.ts): what a messenger shows for a shared
 * shop link before any script runs. In the `emails` catalog with the server's other texts (server/messages/i18n.ts),
 * written as `i18n._({ id, message })` calls so the extractor finds them.
 */
import type { I18n } from '@lingui/core';

export const shopTitle = (i18n: I18n, name: string): string =>
  i18n._({ id: 'page.shop.title', message: "{name}'s shop", values: { name } });

export const shopDescription = (i18n: I18n, name: string): string =>
  i18n._({
    id: 'page.shop.description',
    message: 'Makeup, perfumery and facial care, ordered online from {name}, your consultant.',
    values: { name },
  });
