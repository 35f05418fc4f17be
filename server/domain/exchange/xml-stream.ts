/**
 * The one XML reader of the 1C exchange: every file 1C sends (`type=sale` documents, `type=catalog` catalogues and
 * offers) is read here, as a stream, with the same refusals.
 *
 * - Bytes are decoded piece by piece (`decodePieces`: BOM, XML declaration, strict) and fed to saxes, a strict
 *   streaming XML parser (well-formedness, the XML character set, the predefined entities only). Between pieces
 *   the reader gives the event loop back: a 14 MB catalogue parsed in one go would keep every other request
 *   waiting for seconds (docs/adr/0092-import-step-machine.md).
 * - A DOCTYPE is refused (1C never sends one, and it is the door to entity tricks), elements nested deeper than
 *   `MAX_NESTING` are refused, and the root must be `КоммерческаяИнформация`.
 * - The caller says which elements are *records* (a `Товар`, a `Предложение`, a `Документ`…): each is collected as
 *   a small tree and handed over in batches; everything outside records is only walked (the caller may look at the
 *   attributes of the elements around, e.g. `Каталог СодержитТолькоИзменения`).
 * - A namespace prefix (`cml:Товар`) is dropped: 1C writes CommerceML in a default namespace.
 */
import { requestsFirst as rest } from '#server/ops/requests-first.ts';
import { SaxesParser } from 'saxes';
import { DecodeError, decodePieces } from './decode.ts';

export const ROOT_ELEMENT = 'КоммерческаяИнформация';
/** CommerceML documents are about 8 elements deep; deeper is refused. */
export const MAX_NESTING = 32;

/** An element of a record: its attributes, child elements and text (trimmed, text and CDATA joined). */
/**
 * Bytes decoded and parsed between two rests. saxes reads CommerceML at about 5 MB/s here, so 16 KB is about 3 ms
 * of a blocked event loop; 256 KB pieces held other requests up to 50–250 ms each, the largest part of what a
 * catalogue read waited for (docs/adr/0092-import-step-machine.md). A rest lets requests go first (ADR 0150).
 */
export const READ_PIECE_BYTES = 16 * 1024;

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

export class XmlReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlReadError';
  }
}

export interface RecordReader {
  /** Whether the element opening at `path` (element names from the root, this one last) is a record. */
  isRecord(path: readonly string[]): boolean;
  /** An element outside any record opened (its attributes). */
  onOpen?(path: readonly string[], attrs: Record<string, string>): void;
  /** Records read since the last call, in document order; answer `'stop'` to end the reading there. */
  onRecords(records: ReadonlyArray<{ path: readonly string[]; node: XmlNode }>): Promise<void | 'stop'>;
}

export interface ReadOutcome {
  encoding: string;
  /** true when `onRecords` ended the reading before the end of the file */
  stopped: boolean;
}

const localName = (name: string): string => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/**
 * Reads a whole file, handing its records to `reader`. Throws `XmlReadError` saying what is wrong with the file
 * (its encoding, its XML, its shape); whatever `onRecords` throws goes through as it is.
 */
export async function readXmlRecords(
  bytes: Uint8Array,
  reader: RecordReader,
  options: { pieceBytes?: number } = {},
): Promise<ReadOutcome> {
  let pieces;
  try {
    pieces = decodePieces(bytes, options.pieceBytes ?? READ_PIECE_BYTES);
  } catch (error) {
    if (error instanceof DecodeError) throw new XmlReadError(error.message);
    throw error;
  }
  const parser = new SaxesParser({ xmlns: false, position: true });
  const path: string[] = [];
  /** The open elements of the record being collected (its root first); empty outside records. */
  const open: XmlNode[] = [];
  let recordDepth = -1;
  let sawRoot = false;
  let failure: string | null = null;
  const pending: Array<{ path: readonly string[]; node: XmlNode }> = [];

  const fail = (message: string): void => {
    failure ??= message;
  };
  parser.on('error', (error) => {
    fail(`not well-formed XML: ${error.message}`);
  });
  parser.on('doctype', () => {
    fail('a DOCTYPE is not accepted');
  });
  parser.on('opentag', (tag) => {
    if (failure !== null) return;
    const name = localName(tag.name);
    if (!sawRoot) {
      sawRoot = true;
      if (name !== ROOT_ELEMENT) {
        fail(`the root element must be ${ROOT_ELEMENT}, not ${name.slice(0, 60)}`);
        return;
      }
    }
    path.push(name);
    if (path.length > MAX_NESTING) {
      fail(`elements are nested deeper than ${MAX_NESTING}`);
      return;
    }
    const attrs: Record<string, string> = {};
    for (const [key, value] of Object.entries(tag.attributes)) {
      attrs[localName(key)] = String(value);
    }
    if (open.length > 0) {
      const node: XmlNode = { name, attrs, children: [], text: '' };
      open[open.length - 1]?.children.push(node);
      open.push(node);
    } else if (reader.isRecord(path)) {
      recordDepth = path.length;
      open.push({ name, attrs, children: [], text: '' });
    } else {
      reader.onOpen?.(path, attrs);
    }
  });
  const addText = (text: string): void => {
    const node = open[open.length - 1];
    if (node !== undefined) node.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    if (failure !== null) return;
    const node = open.pop();
    if (node !== undefined) {
      node.text = node.text.trim();
      if (path.length === recordDepth) {
        pending.push({ path: [...path], node });
        recordDepth = -1;
      }
    }
    path.pop();
  });

  const check = (): void => {
    if (failure !== null) throw new XmlReadError(failure);
  };
  for (;;) {
    let text: string | null;
    try {
      text = pieces.next();
    } catch (error) {
      if (error instanceof DecodeError) throw new XmlReadError(error.message);
      throw error;
    }
    if (text === null) break;
    try {
      parser.write(text);
    } catch (error) {
      fail(`not well-formed XML: ${error instanceof Error ? error.message : String(error)}`);
    }
    check();
    if (pending.length > 0) {
      const batch = pending.splice(0, pending.length);
      if ((await reader.onRecords(batch)) === 'stop') return { encoding: pieces.encoding, stopped: true };
    }
    // Give other requests their turn between pieces.
    await rest();
  }
  try {
    parser.close();
  } catch (error) {
    fail(`not well-formed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  check();
  if (!sawRoot) throw new XmlReadError('the file holds no XML element');
  if (pending.length > 0) await reader.onRecords(pending.splice(0, pending.length));
  return { encoding: pieces.encoding, stopped: false };
}

/* ------------------------------------------------------------------------------------------ reading records */

/** The first child element named `name`, if any. */
export const child = (node: XmlNode | undefined, name: string): XmlNode | undefined =>
  node?.children.find((candidate) => candidate.name === name);

/** Every child element named `name`. */
export const children = (node: XmlNode | undefined, name: string): XmlNode[] =>
  node === undefined ? [] : node.children.filter((candidate) => candidate.name === name);

/** The text of the first child named `name` (null when absent or empty). */
export function textOf(node: XmlNode | undefined, name: string): string | null {
  const found = child(node, name);
  return found === undefined || found.text === '' ? null : found.text;
}

/** A CommerceML boolean (`true`, `истина`, `да`, `1`…), null when absent or not one. */
export function booleanOf(value: string | null | undefined): boolean | null {
  if (value === null || value === undefined) return null;
  const v = value.trim().toLowerCase();
  if (['true', 'истина', 'да', '1', 'yes'].includes(v)) return true;
  if (['false', 'ложь', 'нет', '0', 'no'].includes(v)) return false;
  return null;
}

/** `Наименование` → `Значение` of a `ЗначенияРеквизитов` block (names compared case-insensitively, ё as е). */
export function requisitesOf(node: XmlNode): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const item of children(child(node, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита')) {
    const name = textOf(item, 'Наименование');
    if (name !== null) out.set(normalName(name), textOf(item, 'Значение'));
  }
  return out;
}

/** A name as the exchange compares names: trimmed, inner spaces collapsed, lower case, ё as е. */
export const normalName = (name: string): string =>
  name.trim().replace(/\s+/g, ' ').toLowerCase().replace(/ё/g, 'е');
