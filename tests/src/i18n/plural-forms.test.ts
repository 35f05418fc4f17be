// @vitest-environment jsdom
import { msg, plural } from '@lingui/core/macro';
import { afterAll, describe, expect, it } from 'vitest';
import { DISPLAY_STATUS_LABELS } from '#src/i18n/labels/display-status.ts';
import { activateLocale, i18n } from '#src/i18n/i18n.ts';

/** The same messages the order list writes (`list-orders.tsx`): the catalogs must hold every plural form. */
const items = (count: number) => i18n._(msg({ message: plural(count, { one: '# item', other: '# items' }) }));
const orders = (total: number) =>
  i18n._(msg({ message: plural(total, { one: '# order', other: '# orders' }) }));
/** The warehouse tab "New" (many orders), next to the status "New" of one order (context `order status`). */
const newTab = msg`New`;

describe('plural forms and contexts in the catalogs (issue 13.5)', () => {
  afterAll(async () => {
    await activateLocale('en');
  });

  it('English: 1 item, 2 items', async () => {
    await activateLocale('en');
    expect([items(1), items(2), items(5)]).toEqual(['1 item', '2 items', '5 items']);
    expect([orders(1), orders(21)]).toEqual(['1 order', '21 orders']);
  });

  it('Russian: 1 товар, 2 товара, 5 товаров, 21 товар', async () => {
    await activateLocale('ru');
    expect([items(1), items(2), items(5), items(21)]).toEqual([
      '1 товар',
      '2 товара',
      '5 товаров',
      '21 товар',
    ]);
    expect([orders(1), orders(3), orders(11)]).toEqual(['1 заказ', '3 заказа', '11 заказов']);
  });

  it('Ukrainian, Romanian and Italian have their own forms', async () => {
    await activateLocale('uk');
    expect([items(1), items(3), items(5)]).toEqual(['1 товар', '3 товари', '5 товарів']);
    await activateLocale('ro');
    expect([items(1), items(2), items(20)]).toEqual(['1 produs', '2 produse', '20 de produse']);
    await activateLocale('it');
    expect([items(1), items(2)]).toEqual(['1 articolo', '2 articoli']);
  });

  it('tells the status of one order from the tab of many', async () => {
    await activateLocale('ru');
    expect(i18n._(DISPLAY_STATUS_LABELS.new)).toBe('Новый');
    expect(i18n._(newTab)).toBe('Новые');
    await activateLocale('uk');
    expect(i18n._(DISPLAY_STATUS_LABELS.new)).toBe('Нове');
    expect(i18n._(newTab)).toBe('Нові');
  });
});
