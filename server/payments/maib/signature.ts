/**
 * maib e-commerce's callback signature, as its documentation and its PHP SDK (`examples/callbackUrl.php`) compute
 * it: the values of the notification's `result` object, sorted by key (recursively, byte order: PHP's
 * `ksort(SORT_STRING)`), joined with ":", then ":" and the project's Signature Key; SHA-256 (binary) of that
 * string, Base64. Values are turned into text the way PHP's `(string)` does after `json_decode` (a float with 14
 * significant digits, `true` as "1", `false` and `null` as ""), so a result maib signs is read back exactly.
 *
 * The worked example of the documentation (tests/server/payments/signature.test.ts) is the proof.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** PHP's `(string)` of a decoded JSON scalar. */
function phpString(value: Exclude<Json, Json[] | { [key: string]: Json }>): string {
  if (value === null || value === false) return '';
  if (value === true) return '1';
  if (typeof value === 'string') return value;
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  // PHP prints a float with `precision` = 14 significant digits, without trailing zeros.
  return String(Number(value.toPrecision(14)));
}

/** PHP's `ksort($array, SORT_STRING)`: keys compared as byte strings (list indices too: "10" before "2"). */
function sortedEntries(value: Json[] | { [key: string]: Json }): Array<[string, Json]> {
  const entries: Array<[string, Json]> = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  return entries.sort(([a], [b]) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
}

/** The values in signing order, nested arrays and objects flattened in place (the SDK's `implodeRecursive`). */
function flatValues(value: Json[] | { [key: string]: Json }): string[] {
  return sortedEntries(value).flatMap(([, item]) =>
    typeof item === 'object' && item !== null ? flatValues(item) : [phpString(item)],
  );
}

/** The string maib hashes: the sorted values of `result` and the Signature Key, joined with ":". */
export function signingString(result: Record<string, unknown>, signatureKey: string): string {
  return [...flatValues(result as { [key: string]: Json }), signatureKey].join(':');
}

/** `Base64(SHA-256(signingString))`: the `signature` maib puts beside `result`. */
export function maibSignature(result: Record<string, unknown>, signatureKey: string): string {
  return createHash('sha256').update(signingString(result, signatureKey), 'utf8').digest('base64');
}

/** Whether `signature` is maib's signature of `result` under this key (compared in constant time). */
export function verifyMaibSignature(
  result: Record<string, unknown>,
  signature: string,
  signatureKey: string,
): boolean {
  const expected = Buffer.from(maibSignature(result, signatureKey), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
