// Lingui catalogs (`locales/*/messages.po`) are compiled to modules by @lingui/vite-plugin.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
