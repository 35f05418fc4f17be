import { afterEach, describe, expect, it, vi } from 'vitest';

// Each test loads the modules anew: their formatters are module-wide, and these tests count the ones made.
async function load() {
  vi.resetModules();
  const format = await import('#src/i18n/format.ts');
  const table = await import('#src/i18n/format-table.ts');
  return { ...format, ...table };
}

/** Counts the `Intl[name]` formatters made until `restore()` (a subclass: the real formatter is made all the same). */
function counting(name: 'NumberFormat' | 'DateTimeFormat') {
  const original = Intl[name];
  const made = { count: 0 };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- both constructors take (locale, options)
  const Counted = class extends (original as any) {
    constructor(...args: unknown[]) {
      super(...args);
      made.count += 1;
    }
  };
  Object.defineProperty(Intl, name, { value: Counted, configurable: true, writable: true });
  restorers.push(() =>
    Object.defineProperty(Intl, name, { value: original, configurable: true, writable: true }),
  );
  return made;
}
const restorers: Array<() => void> = [];

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const SUMMER = Date.UTC(2026, 6, 1, 9, 30); // 12:30 in Chisinau (UTC+3)
const WINTER = Date.UTC(2026, 0, 15, 9, 30); // 11:30 in Chisinau (UTC+2)

describe('the texts a server render formatted', () => {
  afterEach(() => {
    for (const restore of restorers.splice(0)) restore();
  });

  it('records each text by locale, options and value, and each moment in the zone with its offset', async () => {
    const f = await load();
    f.beginServerRender('Europe/Chisinau');
    const money = f.formatMoney(180500, 'MDL', 'ru');
    const summer = f.formatDateTime(SUMMER, 'en');
    const winter = f.formatDate(new Date(WINTER), 'en');
    f.formatDate('2026-03-08', 'en'); // a calendar day: shown in UTC, not a moment of the zone
    const { zoned, formats } = f.endServerRender();

    expect(zoned).toBe(true);
    expect(plain(summer)).toBe('Jul 1, 2026, 12:30 PM');
    expect(Object.values(formats.texts)).toEqual(
      expect.arrayContaining([money, summer, winter, 'Mar 8, 2026']),
    );
    expect(Object.keys(formats.texts)).toHaveLength(4);
    // East of UTC is negative, as Date#getTimezoneOffset gives it: summer time +3, winter +2.
    expect(new Map(formats.zoneOffsets)).toEqual(
      new Map([
        [SUMMER, -180],
        [WINTER, -120],
      ]),
    );
  });

  it('a render without a moment is not zoned, and nothing is recorded outside a render', async () => {
    const f = await load();
    f.beginServerRender('Asia/Tokyo');
    f.formatPoints(12.5, 'ro');
    f.dateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 4, 1));
    const first = f.endServerRender();
    expect(first.zoned).toBe(false);
    expect(first.formats.zoneOffsets).toEqual([]);
    f.formatMoney(99, 'EUR', 'it');
    expect(f.endServerRender().formats.texts).toEqual({});
  });

  it('gives the browser the server’s texts without making an Intl formatter, and Intl’s for a new value', async () => {
    const server = await load();
    server.beginServerRender('America/New_York');
    const serverMoney = server.formatMoney(123456, 'MDL', 'ro');
    const serverMoment = server.formatDateTime(SUMMER, 'ru');
    const { formats } = server.endServerRender();

    const browser = await load();
    const numberFormats = counting('NumberFormat');
    const dateFormats = counting('DateTimeFormat');
    browser.adoptFormatTable(formats);
    expect(browser.formatMoney(123456, 'MDL', 'ro')).toBe(serverMoney);
    // Keyed without the zone: the browser's own zone was found to show it alike before the table was adopted.
    expect(browser.formatDateTime(SUMMER, 'ru')).toBe(serverMoment);
    expect(numberFormats.count).toBe(0);
    expect(dateFormats.count).toBe(0);

    expect(plain(browser.formatMoney(99, 'MDL', 'ro'))).toBe('0,99 MDL');
    expect(numberFormats.count).toBe(1);
    // Another language is another key: not the table's Romanian text.
    expect(plain(browser.formatMoney(123456, 'MDL', 'en'))).toBe('MDL 1,234.56');
  });

  it('says whether this browser shows the moments as the render’s zone did', async () => {
    const f = await load();
    const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const offsets: Array<[number, number]> = [SUMMER, WINTER].map((t) => [t, f.zoneOffsetMinutes(here, t)]);
    expect(offsets.map(([t]) => new Date(t).getTimezoneOffset())).toEqual(offsets.map(([, o]) => o));
    expect(f.zoneShowsAlike({ texts: {}, zoneOffsets: offsets })).toBe(true);
    expect(f.zoneShowsAlike({ texts: {}, zoneOffsets: [] })).toBe(true);
    const elsewhere = offsets.map(([t, o]): [number, number] => [t, o + 60]);
    expect(f.zoneShowsAlike({ texts: {}, zoneOffsets: elsewhere })).toBe(false);
  });

  it('reads only a well-formed table', async () => {
    const { isFormatTable } = await load();
    expect(isFormatTable({ texts: { a: 'b' }, zoneOffsets: [[1, -120]] })).toBe(true);
    expect(isFormatTable({ texts: { a: 1 }, zoneOffsets: [] })).toBe(false);
    expect(isFormatTable({ texts: {}, zoneOffsets: [[1]] })).toBe(false);
    expect(isFormatTable({ texts: {}, zoneOffsets: [[1, Number.NaN]] })).toBe(false);
    expect(isFormatTable(null)).toBe(false);
  });
});
