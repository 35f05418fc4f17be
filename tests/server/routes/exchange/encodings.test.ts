/**
 * 1C never loses a change: every encoding 1C writes is read (by the byte-order mark, then the XML declaration), and
 * a file the portal cannot read or apply is answered `failure` with the reason (1C keeps it and sends it again),
 * never `success`. A bad part does not poison the session's next file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_FILE_LIMIT } from '#server/routes/exchange/index.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import { OneC, oneCFile, orderInStatus, orderRow, paddedFile, partsOf, startExchangeApp } from './support.ts';

let t: TestApp;
let onec: OneC;
const used: number[] = [];

beforeAll(async () => {
  t = await startExchangeApp();
  onec = new OneC(t);
  expect((await onec.checkauth()).status).toBe(200);
});

afterAll(async () => {
  await t.close();
});

/** An order no other case of this file touched. */
async function freshOrder(): Promise<number> {
  const id = await orderInStatus(t, 'sent_to_1c', used);
  used.push(id);
  return id;
}

/** The file's XML without the BOM and with the declaration naming `encoding`. */
function xmlFor(id: number, number: string, encoding: string | null): string {
  const xml = oneCFile([{ id, requisites: { 'Номер по 1С': number } }]).replace(/^\uFEFF/, '');
  return encoding === null
    ? xml.replace(/^<\?xml[^>]*\?>\n/, '')
    : xml.replace('encoding="UTF-8"', `encoding="${encoding}"`);
}

const CP1251 = new Map<string, number>(
  Array.from({ length: 128 }, (_, i) => {
    const byte = 0x80 + i;
    return [new TextDecoder('windows-1251').decode(Uint8Array.of(byte)), byte] as [string, number];
  }),
);

function windows1251(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (char) => {
      const code = char.charCodeAt(0);
      if (code < 0x80) return code;
      const byte = CP1251.get(char);
      if (byte === undefined) throw new Error(`no Windows-1251 byte for ${char}`);
      return byte;
    }),
  );
}

const utf16le = (text: string, bom: boolean): Buffer =>
  Buffer.concat([bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), Buffer.from(text, 'utf16le')]);

function utf16be(text: string): Buffer {
  const le = Buffer.from(text, 'utf16le');
  return Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(le).swap16()]);
}

describe('mode=file reads every encoding 1C writes', () => {
  const cases: Array<[string, (id: number, number: string) => Buffer]> = [
    ['UTF-8 with a BOM', (id, n) => Buffer.from(`\uFEFF${xmlFor(id, n, 'UTF-8')}`, 'utf8')],
    ['UTF-8 without a declaration', (id, n) => Buffer.from(xmlFor(id, n, null), 'utf8')],
    ['Windows-1251 as declared', (id, n) => windows1251(xmlFor(id, n, 'windows-1251'))],
    ['UTF-16LE with a BOM', (id, n) => utf16le(xmlFor(id, n, 'UTF-16'), true)],
    ['UTF-16LE without a BOM', (id, n) => utf16le(xmlFor(id, n, 'UTF-16'), false)],
    ['UTF-16BE with a BOM', (id, n) => utf16be(xmlFor(id, n, 'UTF-16'))],
  ];
  for (const [name, encode] of cases) {
    it(`${name}: success, and the Cyrillic 1C number is stored as sent`, async () => {
      const id = await freshOrder();
      const number = `РН-${name.replace(/\W+/g, '')}-Ёё`;
      const answer = await onec.file(encode(id, number), `${name}.xml`);
      expect(answer.text).toBe('success');
      expect((await orderRow(t, id)).onec_document_number).toBe(number);
    });
  }

  it('a Windows-1251 file sent in parts of file_limit bytes', async () => {
    const id = await freshOrder();
    const xml = xmlFor(id, 'РН-ЧАСТИ', 'windows-1251');
    const padding = `<!--${' '.repeat(EXCHANGE_FILE_LIMIT + 100)}-->`;
    const bytes = windows1251(xml.replace(/(<КоммерческаяИнформация[^>]*>)/, `$1${padding}`));
    const parts = partsOf(bytes);
    expect(parts).toHaveLength(2);
    for (const [index, part] of parts.entries()) {
      expect((await onec.file(part, 'parts-1251.xml')).text, `part ${index}`).toBe('success');
    }
    expect((await orderRow(t, id)).onec_document_number).toBe('РН-ЧАСТИ');
  });
});

describe('mode=file answers failure with the reason, and changes nothing, for a file it cannot read', () => {
  async function expectFailure(body: Buffer | string, reason: RegExp, filename = 'bad.xml'): Promise<void> {
    const answer = await onec.file(body, filename);
    expect(answer.status).toBe(200);
    const [first, why, extra] = answer.text.split('\n');
    expect(first).toBe('failure');
    expect(why).toMatch(reason);
    expect(extra).toBeUndefined();
  }

  it('4 KB of binary', async () => {
    const binary = Buffer.alloc(4096);
    for (let i = 0; i < binary.length; i++) binary[i] = (i * 131 + 7) % 256;
    await expectFailure(binary, /does not start as XML/);
  });

  it('a file declared UTF-8 whose bytes are Windows-1251', async () => {
    const id = await freshOrder();
    await expectFailure(windows1251(xmlFor(id, 'РН-ЛОЖЬ', 'UTF-8')), /not valid UTF-8/);
    expect((await orderRow(t, id)).onec_document_number).not.toBe('РН-ЛОЖЬ');
  });

  it('an encoding the portal does not read, UTF-16 declared over 8-bit bytes, a file cut short', async () => {
    const id = await freshOrder();
    await expectFailure(windows1251(xmlFor(id, 'N-1', 'KOI8-R')), /"koi8-r" is not supported/);
    await expectFailure(Buffer.from(xmlFor(id, 'N-1', 'UTF-16'), 'utf8'), /not UTF-16/);
    // Shorter than file_limit, so the last part, but the root never closes.
    const cut = Buffer.from(xmlFor(id, 'N-1', 'UTF-8')).subarray(0, 200);
    await expectFailure(cut, /ends before its root element closes/);
    expect((await orderRow(t, id)).onec_document_number).not.toBe('N-1');
  });

  it('elements nested 100,000 deep (700 KB) are refused cleanly', async () => {
    const depth = 100_000;
    const xml = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</КоммерческаяИнформация>`,
      'utf8',
    );
    expect(xml.length).toBeGreaterThan(600_000);
    await expectFailure(xml, /nested deeper than/, 'deep.xml');
  });

  it('a part over file_limit is refused with 413 in the Error shape', async () => {
    const answer = await onec.file(Buffer.alloc(EXCHANGE_FILE_LIMIT + 1, 0x41), 'huge.xml');
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'VALIDATION_FAILED', status: 413 });
  });
});

describe('a bad part does not poison the session', () => {
  it('garbage under a name, then the real file under that name: applied', async () => {
    const id = await freshOrder();
    const garbage = Buffer.alloc(4096, 0x9c);
    expect((await onec.file(garbage, 'orders.xml')).text).toMatch(/^failure\n/);
    const answer = await onec.file(
      Buffer.from(oneCFile([{ id, requisites: { 'Номер по 1С': 'РН-ПОСЛЕ' } }])),
      'orders.xml',
    );
    expect(answer.text).toBe('success');
    expect((await orderRow(t, id)).onec_document_number).toBe('РН-ПОСЛЕ');
  });

  it('an unfinished upload, then a new file under the same name: the new file replaces it', async () => {
    const id = await freshOrder();
    const [start] = partsOf(paddedFile(oneCFile([{ id, requisites: { 'Номер по 1С': 'РН-БРОШЕН' } }])));
    expect((await onec.file(start ?? '', 'restart.xml')).text).toBe('success');
    const answer = await onec.file(
      Buffer.from(oneCFile([{ id, requisites: { 'Номер по 1С': 'РН-ЗАНОВО' } }])),
      'restart.xml',
    );
    expect(answer.text).toBe('success');
    expect((await orderRow(t, id)).onec_document_number).toBe('РН-ЗАНОВО');
  });
});
