import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '#src/i18n/i18n.ts';

const config = getConfig({ cwd: process.cwd() });

async function readCatalogs() {
  const [catalog] = await getCatalogs(config);
  if (catalog === undefined) throw new Error('lingui.config.ts defines no catalog');
  return { source: (await catalog.collect()) ?? {}, all: await catalog.readAll() };
}

describe('the translation catalogs', () => {
  it('cover the five languages of the product, Russian first', () => {
    expect(SUPPORTED_LOCALES.map((locale) => locale.code)).toEqual(['ru', 'en', 'ro', 'uk', 'it']);
    expect([...config.locales].sort()).toEqual(['en', 'it', 'ro', 'ru', 'uk']);
  });

  it('hold every message of the source, translated, in every locale', async () => {
    const { source, all } = await readCatalogs();
    const ids = Object.keys(source);
    expect(ids.length).toBeGreaterThan(50);
    for (const locale of config.locales) {
      const catalog = all[locale] ?? {};
      const missing = ids.filter((id) => (catalog[id]?.translation ?? '').trim() === '');
      expect(
        missing.map((id) => source[id]?.message ?? id),
        locale,
      ).toEqual([]);
    }
  });
});
