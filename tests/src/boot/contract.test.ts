// The names the boot script shares (src/boot/contract.ts) are the ones the app and the server use, and the server's
// reading of the boot manifest (server/http/boot-manifest.ts, which may not import src/) fits what the build writes.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BootManifest as ServerBootManifest } from '#server/http/boot-manifest.ts';
import { pageWithScreen } from '#server/prerender.ts';
import { TOKEN_COOKIE } from '#src/api/token.ts';
import {
  type BootManifest,
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  PRERENDERED_STATE_ID,
  TOKEN_NAME,
} from '#src/boot/contract.ts';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY } from '#src/i18n/i18n.ts';

describe('the boot contract', () => {
  it("reads the app's language and token under the app's names", () => {
    expect(LANGUAGE_STORAGE_KEY).toBe(LOCALE_STORAGE_KEY);
    expect(DEFAULT_LANGUAGE).toBe(DEFAULT_LOCALE);
    expect(TOKEN_NAME).toBe(TOKEN_COOKIE);
  });

  it('knows a server-rendered page by the element the server writes its state into', () => {
    const page = pageWithScreen('<html lang="ru"><head></head><body><div id="root"></div></body></html>', {
      html: '<main></main>',
      state: '{}',
      locale: 'en',
    });
    expect(page).toContain(`<script type="application/json" id="${PRERENDERED_STATE_ID}">{}</script>`);
  });

  it('gives the server the manifest it reads (a type check: tsc fails when the two part)', () => {
    expectTypeOf<BootManifest>().toExtend<ServerBootManifest>();
  });
});
