/** A boot script's data as the build writes it, for a small app (the real one: scripts/vite/boot-script.ts). */
import { BOOT_READS } from '#src/api/boot-reads.ts';
import type { BootConfig } from '#src/boot/contract.ts';

export const CONFIG: BootConfig = {
  catalogues: { ru: '/assets/messages-ru.js', en: '/assets/messages-en.js' },
  session: ['/assets/session.js', '/assets/xstate.js'],
  sessionStyles: ['/assets/session.css'],
  screens: [
    ['^\\/login\\/?$', ['/assets/login.js'], []],
    [
      '^\\/dashboard\\/?$',
      ['/assets/dashboard-page.js', '/assets/order-attention.js'],
      ['/assets/dashboard-page.css'],
    ],
    ['^\\/my-orders\\/[^/]+\\/?$', ['/assets/order-detail.js'], ['/assets/order-detail.css']],
    // A storefront: public, rendered without a token, its code uses the session chunk (docs/adr/0147).
    ['^\\/s\\/[^/]+\\/?$', ['/assets/storefront-page.js'], [], 1],
  ],
  reads: BOOT_READS,
  apiBase: '/api/v3',
  fonts: [
    ['Open Sans', '/assets/open-sans-A1.woff2', '400 600'],
    ['Montserrat', '/assets/montserrat-B2.woff2', '600 700'],
  ],
  entryScripts: ['/assets/rolldown-runtime.js', '/assets/app.js'],
};

/** The `<head>` of a page the server rendered: its state first (server/prerender.ts). */
export const PRERENDERED_HEAD =
  '<script type="application/json" id="portal-prerendered">{"version":1}</script>';

const base64url = (text: string) => Buffer.from(text).toString('base64url');

/** A token as the server signs one (the boot script reads its claims only; the server checks it). */
export const tokenFor = (claims: Record<string, unknown>): string =>
  `${base64url('{"alg":"HS256"}')}.${base64url(JSON.stringify(claims))}.c2lnbmF0dXJl`;

export const inAnHour = (): number => Math.floor(Date.now() / 1000) + 3600;
