/**
 * Reads what 1C sends with `type=sale&mode=file`: a CommerceML 2 `КоммерческаяИнформация` whose `Документ` elements
 * (at the root, or inside `Контейнер` as newer 1C versions write them) describe orders. Read by the exchange's one
 * XML reader (`xml-stream.ts`: strict, streaming, no DOCTYPE, nesting ≤ 32), from the file's bytes.
 */
import {
  ROOT_ELEMENT,
  XmlReadError,
  booleanOf,
  readXmlRecords,
  requisitesOf,
  textOf,
  type XmlNode,
} from './xml-stream.ts';

export { MAX_NESTING, ROOT_ELEMENT } from './xml-stream.ts';

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

function toIncoming(document: XmlNode): IncomingDocument {
  const requisites = requisitesOf(document);
  const get = (name: string): string | null => requisites.get(name.toLowerCase()) ?? null;
  return {
    id: textOf(document, 'Ид'),
    number: textOf(document, 'Номер'),
    onecNumber: get('Номер по 1С'),
    onecDate: get('Дата по 1С'),
    status: get('Статус заказа'),
    cancelled: booleanOf(get('Отменен')),
    deletionMark: booleanOf(get('ПометкаУдаления')),
  };
}

/** `Документ` at the root or in a `Контейнер` at the root. */
const isDocument = (path: readonly string[]): boolean =>
  path[path.length - 1] === 'Документ' &&
  (path.length === 2 || (path.length === 3 && path[1] === 'Контейнер'));

/** Reads a whole file 1C sent (its bytes, all parts joined). Throws `CommerceMlError` saying what is wrong. */
export async function readCommerceMl(bytes: Uint8Array | string): Promise<IncomingDocument[]> {
  const documents: IncomingDocument[] = [];
  try {
    await readXmlRecords(typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes, {
      isRecord: isDocument,
      onRecords: async (records) => {
        for (const record of records) documents.push(toIncoming(record.node));
      },
    });
  } catch (error) {
    if (error instanceof XmlReadError) throw new CommerceMlError(error.message);
    throw error;
  }
  return documents;
}

/** True when the text (possibly one part of a file sent in parts) ends with the root's closing tag. */
export function looksComplete(raw: string): boolean {
  return new RegExp(`</${ROOT_ELEMENT}>\\s*$`).test(raw) || /<КоммерческаяИнформация[^>]*\/>\s*$/.test(raw);
}
