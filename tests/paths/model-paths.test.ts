import { describe, expect, it } from 'vitest';
import { snapshotKey, stateKey } from './support/model-paths';

/** What the keys were before they were written in one pass: JSON.stringify with a replacer sorting every object. */
const sortedJson = (value: unknown) =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

describe('snapshot keys', () => {
  it('are the JSON with sorted keys that path ids hash, whatever the context holds', () => {
    const context = {
      zeta: 1,
      Alpha: [3, undefined, { b: 2, a: null }, () => 0],
      _under: 'é "quoted"\n',
      10: 'ten',
      2: 'two',
      missing: undefined,
      when: new Date(0),
      skipped: () => 1,
      notANumber: Number.NaN,
      nested: { 'b-1': true, b: false, B: {}, ä: 'umlaut' },
    };
    const snapshot = { value: { lifecycle: 'checking', a: { d: 'e', c: 'f' } }, context };
    expect(snapshotKey(snapshot)).toBe(sortedJson({ value: snapshot.value, context }));
    expect(stateKey(snapshot)).toBe('{"a":{"c":"f","d":"e"},"lifecycle":"checking"}');
  });

  it('tell apart snapshots that share parts of their context', () => {
    const shared = { items: [{ id: 1 }, { id: 2 }] };
    const first = { value: 'ready', context: { shared, page: 1 } };
    const second = { value: 'ready', context: { shared, page: 2 } };
    expect(snapshotKey(first)).toBe(sortedJson({ value: 'ready', context: first.context }));
    expect(snapshotKey(second)).toBe(sortedJson({ value: 'ready', context: second.context }));
    expect(snapshotKey(second)).not.toBe(snapshotKey(first));
  });
});
