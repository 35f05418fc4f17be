/**
 * A small XML writer for the 1C exchange: elements, attributes and text, every value escaped on the way in, no
 * string concatenation of unescaped values anywhere. The output is UTF-8 with a byte-order mark (1C expects one).
 */

/** XML 1.0 allows tab, line feed and carriage return among the C0 controls, and neither U+FFFE nor U+FFFF. */
function isXmlChar(codePoint: number): boolean {
  if (codePoint < 0x20) return codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return false; // a lone surrogate (pairs are iterated whole)
  return codePoint !== 0xfffe && codePoint !== 0xffff;
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const ATTRIBUTE_ESCAPES: Record<string, string> = {
  ...TEXT_ESCAPES,
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/** Drops characters XML 1.0 cannot carry at all (not even as references). */
function clean(value: string): string {
  let out = '';
  for (const ch of value) if (isXmlChar(ch.codePointAt(0) ?? 0)) out += ch;
  return out;
}

/** Escapes text content (`&`, `<`, `>`; `\r` as a reference so it survives line-end normalisation). */
export function escapeText(value: string): string {
  return clean(value).replace(/[&<>\r]/g, (ch) => (ch === '\r' ? '&#13;' : (TEXT_ESCAPES[ch] ?? ch)));
}

/** Escapes an attribute value (double-quoted); whitespace characters become references so they are kept. */
export function escapeAttribute(value: string): string {
  return clean(value).replace(/[&<>"\t\n\r]/g, (ch) => ATTRIBUTE_ESCAPES[ch] ?? ch);
}

/** An XML name of the documents we write (Cyrillic element names included); anything else is a programming error. */
const NAME = /^[\p{L}_][\p{L}\p{N}_.-]*$/u;

function checkName(name: string): string {
  if (!NAME.test(name)) throw new Error(`invalid XML name ${JSON.stringify(name)}`);
  return name;
}

export type XmlValue = string | number | boolean;
export type XmlAttributes = Readonly<Record<string, XmlValue | null | undefined>>;

/** One element: its name, attributes and children (elements or text). */
export interface XmlElement {
  readonly name: string;
  readonly attributes: XmlAttributes;
  readonly children: readonly XmlNode[];
}
export type XmlNode = XmlElement | { readonly text: string };

const isText = (node: XmlNode): node is { readonly text: string } => 'text' in node;

/**
 * Builds an element. Children may be nodes, plain values (text) or null/undefined/false (left out), so optional
 * parts read naturally: `el('Комментарий', {}, comment)`.
 */
export function el(
  name: string,
  attributes: XmlAttributes = {},
  ...children: ReadonlyArray<XmlNode | XmlValue | null | undefined | readonly XmlNode[]>
): XmlElement {
  const nodes: XmlNode[] = [];
  for (const child of children) {
    if (child === null || child === undefined) continue;
    if (Array.isArray(child)) nodes.push(...(child as readonly XmlNode[]));
    else if (typeof child === 'object') nodes.push(child as XmlNode);
    else nodes.push({ text: String(child) });
  }
  return { name: checkName(name), attributes, children: nodes };
}

/** An element with only text (`<Номер>000123</Номер>`); `null`/`undefined` text gives an empty element. */
export const leaf = (
  name: string,
  value: XmlValue | null | undefined,
  attributes: XmlAttributes = {},
): XmlElement => el(name, attributes, value ?? null);

function renderAttributes(attributes: XmlAttributes): string {
  let out = '';
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined) continue;
    out += ` ${checkName(name)}="${escapeAttribute(String(value))}"`;
  }
  return out;
}

function render(node: XmlNode, depth: number, out: string[]): void {
  const indent = '\t'.repeat(depth);
  if (isText(node)) {
    out.push(`${indent}${escapeText(node.text)}\n`);
    return;
  }
  const open = `${node.name}${renderAttributes(node.attributes)}`;
  if (node.children.length === 0) {
    out.push(`${indent}<${open}/>\n`);
    return;
  }
  const first = node.children[0];
  if (node.children.length === 1 && first !== undefined && isText(first)) {
    out.push(`${indent}<${open}>${escapeText(first.text)}</${node.name}>\n`);
    return;
  }
  out.push(`${indent}<${open}>\n`);
  for (const child of node.children) render(child, depth + 1, out);
  out.push(`${indent}</${node.name}>\n`);
}

/** The UTF-8 byte-order mark. */
export const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The document as text (declaration + root), tab-indented. */
export function renderXml(root: XmlElement): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  render(root, 0, out);
  return out.join('');
}

/** The document as UTF-8 bytes with a byte-order mark. */
export function xmlDocumentBytes(root: XmlElement): Buffer {
  return Buffer.concat([UTF8_BOM, Buffer.from(renderXml(root), 'utf8')]);
}
