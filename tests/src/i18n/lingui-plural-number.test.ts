// scripts/vite/lingui-plural-number.ts: Lingui's runtime, as the build changes it, writes a plural's number only for
// a branch that prints it, with the same texts as before.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as LinguiCore from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { withPluralNumberOnlyWhenShown } from '../../../scripts/vite/lingui-plural-number.ts';

const runtime = createRequire(import.meta.url)
  .resolve('@lingui/core')
  .replace(/index\.[cm]?js$/, 'index.mjs');
const written: string[] = [];

afterEach(() => {
  for (const file of written.splice(0)) rmSync(file, { force: true });
});

/** Lingui's runtime changed as the build changes it, loaded beside the original (its imports resolve alike). */
async function changedRuntime(): Promise<typeof LinguiCore> {
  const file = join(dirname(runtime), `.plural-number-test-${process.pid}-${Date.now()}.mjs`);
  writeFileSync(file, withPluralNumberOnlyWhenShown(readFileSync(runtime, 'utf8')));
  written.push(file);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as typeof LinguiCore;
}

/** Counts the `Intl.NumberFormat`s made while `run` runs (a subclass: the real formatter is made all the same). */
function numberFormatsMadeBy(run: () => void): number {
  const original = Intl.NumberFormat;
  let made = 0;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the constructor's own arguments, passed on
  const Counted = class extends (original as any) {
    constructor(...args: unknown[]) {
      super(...args);
      made += 1;
    }
  };
  Object.defineProperty(Intl, 'NumberFormat', { value: Counted, configurable: true, writable: true });
  try {
    run();
  } finally {
    Object.defineProperty(Intl, 'NumberFormat', { value: original, configurable: true, writable: true });
  }
  return made;
}

describe('Lingui’s plurals as the build changes them', () => {
  it('applies to the installed Lingui exactly once, and refuses a runtime it was not written for', () => {
    const source = readFileSync(runtime, 'utf8');
    const changed = withPluralNumberOnlyWhenShown(source);
    expect(changed).not.toBe(source);
    expect(changed.match(/if \(!message\.includes\(OCTOTHORPE_PH\)\) return message;/g)).toHaveLength(1);
    expect(() => withPluralNumberOnlyWhenShown(changed.replace(/replaceOctothorpe/g, 'other'))).toThrow(
      /not the one this change was written for/,
    );
  });

  it('makes no number formatter for a plural whose text does not show its number, and the same texts', async () => {
    const { setupI18n } = await changedRuntime();
    const i18n = setupI18n({
      locale: 'ru',
      messages: {
        ru: {
          days: '{n, plural, one {день до закрытия} few {дня до закрытия} other {дней до закрытия}}',
          items: '{n, plural, one {# товар} few {# товара} other {# товаров}}',
        },
      },
    });
    let text = '';
    expect(numberFormatsMadeBy(() => (text = i18n._('days', { n: 3 })))).toBe(0);
    expect(text).toBe('дня до закрытия');
    expect(numberFormatsMadeBy(() => (text = i18n._('items', { n: 1234 })))).toBe(1);
    expect(text.replace(/\u00a0/g, ' ')).toBe('1 234 товара');
  });
});
