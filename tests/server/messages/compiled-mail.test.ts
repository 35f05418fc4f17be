// The compiled e-mail HTML (server/messages/email/compiled.ts, ADR 0144) is byte for byte React's rendering: every
// template in every language, with ordinary data and with data that pushes each branch and each escape.
import { describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '#server/db/reference.ts';
import { compiledStats, escapeHtml } from '#server/messages/email/compiled.ts';
import { renderMessage } from '#server/messages/email/render.ts';
import type { OrderFacts } from '#server/messages/facts.ts';
import type { MessageEvent } from '#server/messages/outbox.ts';
import { DATA, EVENTS, input, ORDER, recipient } from './template-fixtures.ts';

const MANAGE = 'https://portal.example/personal#messages';
const NASTY = `<b>"Tom" & 'Jerry'</b> \u00a0 ∑ 😀`;

/** The same order, shown every way a template branches on it. */
const ORDERS: ReadonlyArray<OrderFacts | null> = [
  ORDER,
  null, // deleted with its account
  {
    ...ORDER,
    deliveryType: 'delivery',
    status: 'ready',
    handoverCode: null,
    pickupPoint: null,
    address: NASTY,
  },
  {
    ...ORDER,
    paymentMethod: 'cash',
    pickupPoint: null,
    handoverCode: null,
    partialNote: '',
    warehouseName: '',
  },
  {
    ...ORDER,
    number: '<000077>',
    warehouseName: NASTY,
    warehousePhone: '&amp;',
    pickupPoint: { name: NASTY, address: '', hours: 'x'.repeat(200) },
    partialNote: NASTY,
    cancelReason: NASTY,
    currency: 'XYZ',
  },
];

/** Data that fills every optional field with markup, or leaves it out. */
const variants = (event: MessageEvent): Array<Record<string, unknown>> => [
  DATA[event],
  {},
  Object.fromEntries(
    Object.entries(DATA[event]).map(([key, value]) => [key, typeof value === 'string' ? NASTY : value]),
  ),
  { ...DATA[event], reason: 'r'.repeat(400), comment: '', name: '', month: 'not-a-month' },
];

async function both(
  event: MessageEvent,
  lang: Lang,
  order: OrderFacts | null,
  data: Record<string, unknown>,
) {
  const given = { ...input(event, lang, order, data), recipient: recipient(lang, NASTY) };
  const react = await renderMessage(event, given, MANAGE, { react: true });
  const compiled = await renderMessage(event, given, MANAGE);
  return { react, compiled };
}

describe('compiled e-mail HTML', () => {
  for (const event of EVENTS)
    it(`${event}: the same bytes as React's rendering, in every language and branch`, async () => {
      let compared = 0;
      for (const lang of LANGS)
        for (const order of event.startsWith('order.') ? ORDERS : [null])
          for (const data of variants(event)) {
            const { react, compiled } = await both(event, lang, order, data);
            expect(compiled.html).toBe(react.html);
            expect(compiled.text).toBe(react.text);
            compared++;
          }
      expect(compared).toBeGreaterThanOrEqual(LANGS.length * 4);
    });

  it('compiles a shape once and fills it for other people and values', async () => {
    const first = await both('business.statement_ready', 'ro', null, { month: '2026-01' });
    const before = compiledStats();
    for (let i = 0; i < 20; i++) {
      const given = {
        ...input('business.statement_ready', 'ro', null, {
          month: `2025-${String((i % 12) + 1).padStart(2, '0')}`,
        }),
        recipient: recipient('ro', `Ana ${i} <x@y>`),
      };
      const compiled = await renderMessage('business.statement_ready', given, `${MANAGE}?n=${i}`);
      expect(compiled.html).toBe(
        (await renderMessage('business.statement_ready', given, `${MANAGE}?n=${i}`, { react: true })).html,
      );
    }
    const after = compiledStats();
    expect(after.shapes).toBe(before.shapes);
    expect(after.filled).toBe(before.filled + 20);
    expect(after.byReact).toBe(before.byReact);
    expect(first.compiled.html).toContain('lang="ro"');
  });

  it('fills every template from its shape with ordinary data (React renders none of them)', async () => {
    const before = compiledStats();
    for (const event of EVENTS)
      for (const lang of LANGS) await renderMessage(event, input(event, lang), MANAGE);
    const after = compiledStats();
    expect(after.byReact).toBe(before.byReact);
    expect(after.filled).toBe(before.filled + EVENTS.length * LANGS.length);
  });

  it('escapes exactly as React does', () => {
    expect(escapeHtml(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&#x27;');
    expect(escapeHtml('plain')).toBe('plain');
  });
});
