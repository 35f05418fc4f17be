/**
 * The texts a server render formatted (money, points, dates), carried by the page for the browser's first render
 * (docs/adr/0157-formatted-texts-with-the-page.md). Hydration must print exactly what the server printed, and making
 * the first `Intl` formatter of a page loads ICU's locale and zone data: 10–30 ms, four times that on a phone, spent
 * only to print the same texts again. With the table the browser looks them up instead, and a page taken over
 * makes no `Intl` formatter until it shows a value the server did not.
 *
 * A text is keyed by the formatter's locale and options and the value; a moment shown in the visitor's zone by
 * locale, options and instant alone (the server names the zone, the browser uses its own). Such a text reads the
 * same in the browser when its zone has the same offset from UTC at that instant: the table carries each of those
 * instants with the render zone's offset, and `zoneShowsAlike` compares them with the browser's (`Date`'s own
 * offset, which loads no ICU data).
 */

export interface FormatTable {
  /** Formatted text by key (`formatKey`). */
  texts: Record<string, string>;
  /** Each instant shown in the render's zone, as [epoch ms, offset in minutes as `Date#getTimezoneOffset` gives it]. */
  zoneOffsets: Array<[number, number]>;
}

interface Recording {
  zone: string;
  texts: Record<string, string>;
  instants: Set<number>;
}

let recording: Recording | null = null;
let adopted = new Map<string, string>();

/** The key of `value` formatted with a formatter keyed `formatter` (locale and options). */
export function formatKey(formatter: string, value: number | Date): string {
  return `${formatter}|${typeof value === 'number' ? value : value.getTime()}`;
}

/**
 * The text of `key`: the page's (the server's) when it has one, else `make()`'s, which a server render records.
 * `zonedInstant`: the instant of a moment shown in the visitor's zone.
 */
export function formatted(key: string, make: () => string, zonedInstant?: number): string {
  const known = adopted.get(key);
  if (known !== undefined) return known;
  const text = make();
  if (recording !== null) {
    recording.texts[key] = text;
    if (zonedInstant !== undefined) recording.instants.add(zonedInstant);
  }
  return text;
}

/** Server: record what the next (synchronous) render formats, moments shown in `zone`. */
export function recordFormats(zone: string): void {
  recording = { zone, texts: {}, instants: new Set() };
}

/** Server: the render's table, and stop recording. */
export function takeRecordedFormats(): FormatTable {
  const done = recording;
  recording = null;
  if (done === null) return { texts: {}, zoneOffsets: [] };
  return {
    texts: done.texts,
    zoneOffsets: [...done.instants].map((instant) => [instant, zoneOffsetMinutes(done.zone, instant)]),
  };
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** `zone`'s offset at `instant` as `Date#getTimezoneOffset` gives a browser's (minutes; east of UTC negative). */
export function zoneOffsetMinutes(zone: string, instant: number): number {
  let format = offsetFormats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(zone, format);
  }
  const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? Number.NaN);
  const parts = format.formatToParts(instant);
  const wall = Date.UTC(
    part(parts, 'year'),
    part(parts, 'month') - 1,
    part(parts, 'day'),
    part(parts, 'hour'),
    part(parts, 'minute'),
    part(parts, 'second'),
  );
  return Math.round((Math.floor(instant / 1000) * 1000 - wall) / 60_000);
}

/** Whether this browser shows every moment of the table as the render's zone did (the same offset at each). */
export function zoneShowsAlike(table: FormatTable): boolean {
  return table.zoneOffsets.every(([instant, offset]) => new Date(instant).getTimezoneOffset() === offset);
}

/** Browser: the page's table answers the formatting of the same values from now on. */
export function adoptFormatTable(table: FormatTable): void {
  adopted = new Map(Object.entries(table.texts));
}

/** Whether `value` reads as a format table (a page's state is checked before it is used). */
export function isFormatTable(value: unknown): value is FormatTable {
  if (typeof value !== 'object' || value === null) return false;
  const { texts, zoneOffsets } = value as Partial<FormatTable>;
  return (
    typeof texts === 'object' &&
    texts !== null &&
    Object.values(texts).every((text) => typeof text === 'string') &&
    Array.isArray(zoneOffsets) &&
    zoneOffsets.every(
      (pair) =>
        Array.isArray(pair) &&
        pair.length === 2 &&
        pair.every((n) => typeof n === 'number' && Number.isFinite(n)),
    )
  );
}
