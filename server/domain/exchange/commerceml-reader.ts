/**
 * Reads what 1C sends with `mode=file`: a CommerceML 2 `КоммерческаяИнформация` whose `Документ` elements (at the
 * root, or inside `Контейнер` as newer 1C versions write them) describe orders. Parsed with a real XML parser
 * (fast-xml-parser) after a well-formedness check; a DOCTYPE is refused (1C never sends one, and it is the door to
 * entity tricks).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** One order change 1C reports. Values are as 1C wrote them; the exchange decides what they mean. */
export interface IncomingDocument {
  /** `Ид`: the portal's order id when the order came from the portal. */
  id: string | null;
  /** `Номер`: the portal's order number. */
  number: string | null;
  /** `Номер по 1С`: 1C's own document number. */
  onecNumber: string | null;
  /** `Дата по 1С`. */
  onecDate: string | null;
  /** `Статус заказа`. */
  status: string | null;
  /** `Отменен` (true/false), null when absent. */
  cancelled: boolean | null;
  /** `ПометкаУдаления` (deletion mark), null when absent. */
  deletionMark: boolean | null;
}

export class CommerceMlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommerceMlError';
  }
}

export const ROOT_ELEMENT = 'КоммерческаяИнформация';
const ARRAY_ELEMENTS = new Set(['Документ', 'Контейнер', 'ЗначениеРеквизита', 'Товар', 'Контрагент']);

/** CommerceML documents are about 8 elements deep; deeper is refused (fast-xml-parser's own guard). */
export const MAX_NESTING = 32;

const parser = new XMLParser({
  maxNestedTags: MAX_NESTING,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (tagName) => ARRAY_ELEMENTS.has(tagName),
});

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Text of a leaf (`<Номер>1</Номер>` → '1'; with attributes the `#text`); null when absent or empty. */
function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isNode(value)) return textOf(value['#text']);
  return null;
}

function listOf(value: unknown): Node[] {
  if (Array.isArray(value)) return value.filter(isNode);
  return isNode(value) ? [value] : [];
}

function booleanOf(value: string | null): boolean | null {
  if (value === null) return null;
  const v = value.trim().toLowerCase();
  if (['true', 'истина', 'да', '1', 'yes'].includes(v)) return true;
  if (['false', 'ложь', 'нет', '0', 'no'].includes(v)) return false;
  return null;
}

/** `Наименование` → `Значение` of a `ЗначенияРеквизитов` block (names compared case-insensitively). */
function requisitesOf(document: Node): Map<string, string | null> {
  const block = document['ЗначенияРеквизитов'];
  const out = new Map<string, string | null>();
  for (const item of listOf(isNode(block) ? block['ЗначениеРеквизита'] : undefined)) {
    const name = textOf(item['Наименование']);
    if (name !== null) out.set(name.toLowerCase().replace(/ё/g, 'е'), textOf(item['Значение']));
  }
  return out;
}

function toIncoming(document: Node): IncomingDocument {
  const requisites = requisitesOf(document);
  const get = (name: string): string | null => requisites.get(name.toLowerCase()) ?? null;
  return {
    id: textOf(document['Ид']),
    number: textOf(document['Номер']),
    onecNumber: get('Номер по 1С'),
    onecDate: get('Дата по 1С'),
    status: get('Статус заказа'),
    cancelled: booleanOf(get('Отменен')),
    deletionMark: booleanOf(get('ПометкаУдаления')),
  };
}

/** Drops a leading byte-order mark. */
export const stripBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** Parses a whole file 1C sent. Throws `CommerceMlError` saying what is wrong. */
export function readCommerceMl(raw: string): IncomingDocument[] {
  const text = stripBom(raw);
  if (/<!DOCTYPE/i.test(text)) throw new CommerceMlError('a DOCTYPE is not accepted');
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new CommerceMlError(
      `not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`,
    );
  }
  let parsed: unknown;
  try {
    parsed = parser.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CommerceMlError(
      /nested/i.test(reason)
        ? `elements are nested deeper than ${MAX_NESTING}`
        : `not readable XML: ${reason}`,
    );
  }
  const root = isNode(parsed) ? parsed[ROOT_ELEMENT] : undefined;
  if (!isNode(root)) throw new CommerceMlError(`the root element must be ${ROOT_ELEMENT}`);
  const documents = [
    ...listOf(root['Документ']),
    ...listOf(root['Контейнер']).flatMap((container) => listOf(container['Документ'])),
  ];
  return documents.map(toIncoming);
}

/** True when the text (possibly one part of a file sent in parts) ends with the root's closing tag. */
export function looksComplete(raw: string): boolean {
  return new RegExp(`</${ROOT_ELEMENT}>\\s*$`).test(raw) || /<КоммерческаяИнформация[^>]*\/>\s*$/.test(raw);
}
