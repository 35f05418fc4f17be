// Order by code, the reading alone (server/domain/catalogue/quick-order.parse.ts): how a paper order's text
// becomes entries, each a code and a quantity or a reason it cannot be one.
import { describe, expect, it } from 'vitest';
import {
  MAX_ENTRIES,
  parseEntry,
  readQuickOrder,
  splitEntries,
} from '#server/domain/catalogue/quick-order.parse.ts';
import { HttpError } from '#server/http/errors.ts';

describe('splitEntries', () => {
  it('splits on new lines (any convention), commas and semicolons, trims, and skips empty entries', () => {
    expect(splitEntries('PF-1 2\r\nPF-2\rPF-3 × 4\n\n  ,MK-5 1;; ;FC-6*2 ,\t\n')).toEqual([
      'PF-1 2',
      'PF-2',
      'PF-3 × 4',
      'MK-5 1',
      'FC-6*2',
    ]);
  });

  it('answers nothing for blank text', () => {
    expect(splitEntries('')).toEqual([]);
    expect(splitEntries(' \n ,; \t ')).toEqual([]);
  });
});

describe('parseEntry', () => {
  it.each([
    ['PF-1024', 'PF-1024', 1],
    ['PF-1024 2', 'PF-1024', 2],
    ['PF-1024\t\t12', 'PF-1024', 12],
    ['PF-1024 × 2', 'PF-1024', 2],
    ['PF-1024×2', 'PF-1024', 2],
    ['PF-1024 ×3', 'PF-1024', 3],
    ['PF-1024*4', 'PF-1024', 4],
    ['PF-1024 * 5', 'PF-1024', 5],
    ['PF-1024 x 6', 'PF-1024', 6],
    ['PF-1024 x7', 'PF-1024', 7],
    ['PF-1024 X 8', 'PF-1024', 8],
    ['pf-1024 007', 'pf-1024', 7],
    ['PF-1024x2', 'PF-1024x2', 1],
    ['PF-1024 1000', 'PF-1024', 1000],
  ])('reads %j as code %j, quantity %i', (entry, code, quantity) => {
    expect(parseEntry(entry)).toEqual({ code, quantity });
  });

  it.each([
    'PF-1024 0',
    'PF-1024 -2',
    'PF-1024 2.5',
    'PF-1024 two',
    'PF-1024 2 3',
    'PF-1024 x',
    'PF-1024*',
    '× 2',
    '*',
    'PF-1024 ２',
  ])('cannot read %j', (entry) => {
    expect(parseEntry(entry)).toBeNull();
  });

  it('keeps a quantity past what a number holds exactly at Number.MAX_SAFE_INTEGER', () => {
    expect(parseEntry(`PF-1 ${'9'.repeat(30)}`)).toEqual({ code: 'PF-1', quantity: Number.MAX_SAFE_INTEGER });
  });
});

describe('readQuickOrder', () => {
  it('numbers the non-empty entries from 1 and says which the text alone rules out', () => {
    expect(readQuickOrder('PF-1 2\n\nbad entry here, pf-1 × 3; MK-2 1000 ;MK-3')).toEqual([
      { index: 1, input: 'PF-1 2', code: 'PF-1', quantity: 2, problem: null, duplicateOf: null },
      {
        index: 2,
        input: 'bad entry here',
        code: null,
        quantity: null,
        problem: 'unreadable',
        duplicateOf: null,
      },
      { index: 3, input: 'pf-1 × 3', code: 'pf-1', quantity: 3, problem: 'duplicate', duplicateOf: 1 },
      { index: 4, input: 'MK-2 1000', code: 'MK-2', quantity: 1000, problem: 'too_many', duplicateOf: null },
      { index: 5, input: 'MK-3', code: 'MK-3', quantity: 1, problem: null, duplicateOf: null },
    ]);
  });

  it('points every repeat at the first entry with the code, even when that one is not added', () => {
    const entries = readQuickOrder('MK-2 5000\nMK-2 1\nmk-2 2');
    expect(entries.map((entry) => [entry.problem, entry.duplicateOf])).toEqual([
      ['too_many', null],
      ['duplicate', 1],
      ['duplicate', 1],
    ]);
  });

  it('accepts 999 units and refuses 1000 as too many', () => {
    expect(readQuickOrder('A 999, B 1000').map((entry) => entry.problem)).toEqual([null, 'too_many']);
  });

  it('cuts `input` at 200 characters, never inside a surrogate pair', () => {
    const [long] = readQuickOrder(`${'A'.repeat(150)}${'😀'.repeat(100)} 2`);
    expect(long?.code).toBe(`${'A'.repeat(150)}${'😀'.repeat(100)}`);
    expect(Array.from(long?.input ?? '')).toHaveLength(200);
    expect(long?.input).toBe(`${'A'.repeat(150)}${'😀'.repeat(50)}`);
  });

  it(`reads ${MAX_ENTRIES} entries and refuses one more with 422 VALIDATION_FAILED`, () => {
    const codes = Array.from({ length: MAX_ENTRIES + 1 }, (_, i) => `C-${i}`);
    expect(readQuickOrder(codes.slice(0, MAX_ENTRIES).join('\n'))).toHaveLength(MAX_ENTRIES);
    // Empty entries do not count.
    expect(readQuickOrder(`${codes.slice(0, MAX_ENTRIES).join(',,')},,;\n`)).toHaveLength(MAX_ENTRIES);
    let error: unknown;
    try {
      readQuickOrder(codes.join('\n'));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
      details: [{ location: 'body', path: '/text', message: '501 entries; at most 500 are read at once' }],
    });
  });
});
