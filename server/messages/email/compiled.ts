/**
 * E-mail HTML rendered once per shape, then filled (docs/adr/0144-compiled-mail.md). React renders a template's
 * element tree in about a millisecond; the worker sends thousands a second. So:
 *
 * 1. **Expand** the message's tree: every component that is a pure function of its props (ours, React Email's) is
 *    called here, with the real values, so whatever it computes from them (a preview's padding, a list's rows, a
 *    branch taken) is already decided. What stays an element: host tags (`td`, `a`), fragments and Lingui's
 *    `<Trans>` (it reads its catalog from context).
 * 2. **Abstract**: every non-empty text and every value-bearing attribute (`href`, `src`, `alt`, `title`) becomes a
 *    hole (a private-use sentinel); a `<Trans>` string value too. Everything else (tags, styles, a component's own
 *    raw HTML, numbers a plural reads, empty strings, which React renders differently) is written into the key.
 * 3. **Compile** a shape the first time it is seen: render the sentinel tree with React Email's `render`, exactly as
 *    before, and split the HTML at the sentinels. A shape is kept per language (the catalog is part of the key).
 * 4. **Fill**: each hole gets its value escaped as React escapes text and attributes.
 *
 * Whatever could make a filled copy differ from React's own rendering sends the message to React instead (a value
 * React rewrites: a `javascript:` URL, a Trans value with markup; a component that needs context; a sentinel that
 * did not come out exactly once). tests/server/messages/compiled-mail.test.ts renders every template in every
 * language both ways and compares the bytes.
 */
import { createElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { I18nProvider, Trans } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { render } from '@react-email/render';

const OPEN = '\uE000';
const CLOSE = '\uE001';
const SENTINEL = /\uE000(\d+)\uE001/g;
/** Host attributes whose string value React writes escaped and otherwise untouched (URLs are checked below). */
const VALUE_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title']);
/** React replaces a `javascript:` URL (its own test, from react-dom's sanitizeURL). */
const JAVASCRIPT_URL =
  // eslint-disable-next-line no-control-regex -- React's own pattern: control characters before the scheme count
  /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;
const FORWARD_REF = Symbol.for('react.forward_ref');
const MEMO = Symbol.for('react.memo');
/** Shapes kept per process (a few per template and language in practice; the bound only guards odd data). */
const MAX_SHAPES = 2000;

/** The tree could not be abstracted safely: render this message with React. */
class NotCompilable extends Error {}

interface Abstracted {
  tree: ReactNode;
  key: string;
  values: string[];
}

/** A compiled shape: static HTML between holes (`parts[i]`, hole `holes[i]`, ..., then the last part). */
interface Shape {
  parts: string[];
  holes: number[];
}

const shapes = new Map<string, Shape | null>();
const stats = { filled: 0, byReact: 0 };

/** Escapes as React does for text and attribute values (react-dom's escapeTextForBrowser). */
export function escapeHtml(value: string): string {
  if (!/["&'<>]/.test(value)) return value;
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
}

class Abstractor {
  readonly values: string[] = [];
  readonly key: string[] = [];

  hole(value: string): string {
    this.values.push(value);
    return `${OPEN}${this.values.length - 1}${CLOSE}`;
  }

  /** A literal in the key (JSON, so that no two different values read alike). */
  literal(value: unknown): void {
    this.key.push(value === undefined ? 'u' : JSON.stringify(value));
  }

  node(node: ReactNode): ReactNode {
    if (node === null || node === undefined || typeof node === 'boolean') {
      this.key.push(node === undefined ? 'u' : String(node));
      return node;
    }
    if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') {
      const text = String(node);
      if (text === '') {
        this.key.push('""'); // React writes nothing for it, nor the separator between texts
        return text;
      }
      this.key.push('$');
      return this.hole(text);
    }
    if (Array.isArray(node)) {
      this.key.push('[');
      const out = node.map((child: ReactNode) => this.node(child));
      this.key.push(']');
      return out;
    }
    if (!isValidElement(node)) throw new NotCompilable('not an element');
    return this.element(node as ReactElement<Record<string, unknown>>);
  }

  element(element: ReactElement<Record<string, unknown>>): ReactNode {
    const { type, props } = element;
    if (typeof type === 'string') return this.host(type, props, element.key);
    if (type === Fragment) {
      this.key.push('<>');
      const children = this.node(props.children as ReactNode);
      this.key.push('</>');
      return createElement(Fragment, withKey({}, element.key), ...childArguments(children));
    }
    if (type === Trans) return this.trans(element);
    const render = componentFunction(type);
    if (render === undefined) throw new NotCompilable('an element React must render itself');
    return this.node(render(props));
  }

  host(tag: string, props: Record<string, unknown>, key: string | null): ReactNode {
    this.key.push(`<${tag}`);
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(props)) {
      if (name === 'children') continue;
      this.key.push(` ${name}=`);
      if (VALUE_ATTRIBUTES.has(name) && typeof value === 'string' && value !== '') {
        if (JAVASCRIPT_URL.test(value)) throw new NotCompilable('a URL React rewrites');
        this.key.push('$');
        out[name] = this.hole(value);
      } else {
        this.literal(value);
        out[name] = value;
      }
    }
    this.key.push('>');
    const children = 'children' in props ? this.node(props.children as ReactNode) : undefined;
    this.key.push(`</${tag}>`);
    return createElement(tag, withKey(out, key), ...childArguments(children));
  }

  /** Lingui's Trans: its id and message are the shape; string values holes, other values literal or expanded. */
  trans(element: ReactElement<Record<string, unknown>>): ReactNode {
    const { props } = element;
    this.key.push('<Trans');
    const values: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(props)) {
      if (name === 'values' || name === 'components') continue;
      this.key.push(` ${name}=`);
      this.literal(typeof value === 'string' || typeof value === 'number' ? value : typeof value);
    }
    const given = (props.values ?? {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries(given)) {
      this.key.push(` {${name}}=`);
      if (isValidElement(value)) values[name] = this.node(value);
      else if (typeof value === 'string' && value !== '') {
        // Lingui reads `<0>`-like tags in the formatted text: a value with markup goes to React.
        if (value.includes('<')) throw new NotCompilable('a Trans value with markup');
        this.key.push('$');
        values[name] = this.hole(value);
      } else {
        this.literal(value); // numbers decide plurals
        values[name] = value;
      }
    }
    if (props.components !== undefined) throw new NotCompilable('Trans components');
    this.key.push('>');
    return createElement(Trans as never, withKey({ ...props, values }, element.key));
  }
}

/**
 * Children as `createElement`'s arguments, as JSX passes them: a JSX element's several children are one array in
 * its props, and handing that array back as one child would make React ask each for a key (a warning per message).
 */
function childArguments(children: ReactNode): ReactNode[] {
  if (children === undefined) return [];
  return Array.isArray(children) ? (children as ReactNode[]) : [children];
}

const withKey = (props: Record<string, unknown>, key: string | null): Record<string, unknown> =>
  key === null ? props : { ...props, key };

/** The function behind a component that is pure in its props (plain or forwardRef), else undefined. */
function componentFunction(type: unknown): ((props: Record<string, unknown>) => ReactNode) | undefined {
  if (typeof type === 'function') {
    if ((type as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent !== undefined)
      return undefined; // a class
    return type as (props: Record<string, unknown>) => ReactNode;
  }
  if (typeof type === 'object' && type !== null) {
    const exotic = type as { $$typeof?: symbol; render?: unknown; type?: unknown };
    if (exotic.$$typeof === FORWARD_REF && typeof exotic.render === 'function') {
      const render = exotic.render as (props: Record<string, unknown>, ref: unknown) => ReactNode;
      return (props) => render(props, props.ref ?? null);
    }
    if (exotic.$$typeof === MEMO) return componentFunction(exotic.type);
  }
  return undefined;
}

/** Expands and abstracts `tree` (see the top of this file); throws NotCompilable when it cannot be done safely. */
function abstract(tree: ReactNode): Abstracted {
  const abstractor = new Abstractor();
  const out = abstractor.node(tree);
  return { tree: out, key: abstractor.key.join(''), values: abstractor.values };
}

/** React Email's rendering of `tree` inside Lingui's provider (what every message was rendered with before). */
export function renderWithReact(tree: ReactNode, i18n: I18n): Promise<string> {
  return render(createElement(I18nProvider, { i18n }, tree));
}

/** Splits a rendering of sentinels into a shape; null when a hole did not come out exactly once. */
function shapeOf(html: string, holes: number): Shape | null {
  const parts: string[] = [];
  const order: number[] = [];
  const seen = new Set<number>();
  let last = 0;
  for (const match of html.matchAll(SENTINEL)) {
    const hole = Number(match[1]);
    if (seen.has(hole) || hole >= holes) return null;
    seen.add(hole);
    parts.push(html.slice(last, match.index));
    order.push(hole);
    last = match.index + match[0].length;
  }
  parts.push(html.slice(last));
  if (seen.size !== holes || parts.some((part) => part.includes(OPEN) || part.includes(CLOSE))) return null;
  return { parts, holes: order };
}

function fill(shape: Shape, values: readonly string[]): string {
  let html = shape.parts[0] ?? '';
  for (let i = 0; i < shape.holes.length; i++)
    html += escapeHtml(values[shape.holes[i] ?? 0] ?? '') + (shape.parts[i + 1] ?? '');
  return html;
}

/**
 * The HTML of `tree` in `lang`, byte for byte what `renderWithReact` gives, from a compiled shape when it can be
 * (compiled on first sight of the shape).
 */
export async function renderCompiled(tree: ReactNode, i18n: I18n, lang: string): Promise<string> {
  let abstracted: Abstracted;
  try {
    abstracted = abstract(tree);
  } catch (error) {
    if (!(error instanceof NotCompilable)) throw error;
    stats.byReact++;
    return renderWithReact(tree, i18n);
  }
  const key = `${lang}\n${abstracted.key}`;
  let shape = shapes.get(key);
  if (shape === undefined) {
    shape = shapeOf(await renderWithReact(abstracted.tree, i18n), abstracted.values.length);
    if (shapes.size >= MAX_SHAPES) shapes.clear();
    shapes.set(key, shape);
  }
  if (shape === null) {
    stats.byReact++;
    return renderWithReact(tree, i18n);
  }
  stats.filled++;
  return fill(shape, abstracted.values);
}

/** Shapes compiled, messages filled from them and messages React rendered instead, in this process (tests). */
export function compiledStats(): { shapes: number; filled: number; byReact: number } {
  return { shapes: shapes.size, ...stats };
}
