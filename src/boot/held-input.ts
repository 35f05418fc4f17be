/**
 * Input on a server-rendered screen before the app has taken it over. The screen looks ready, so it acts so: the
 * boot script holds a click, a submit or a choice in a list made on it (`holdInput`), and the app hands each on, in
 * order, once it has hydrated the screen (`releaseHeldInput`, src/main.tsx). A click with a modifier or another
 * button (a link opened in a new tab) is left to the browser. Text typed into a field meanwhile stays in the field and
 * is remembered, for the field's component to take (`takeTypedText`).
 */
import { type BootWindow, HELD_INPUT_KEY, type HeldEvent, type HeldInput } from './contract.ts';

/**
 * How a field of the server's screen is found again in the app's own render of it: by its id, unless React made the
 * id (`useId`: the app's render makes others), else by its name; `null` when it has neither.
 */
export function carryKey(field: Element): string | null {
  if (field.id !== '' && !/[«:]/.test(field.id)) return `#${field.id}`;
  const name = field.getAttribute('name');
  return name === null || name === '' ? null : `name:${name}`;
}

/** What a click is held on: the control around what the pointer hit. */
export const HOLDABLE =
  'a[href],button,summary,[role="button"],[role="tab"],[role="link"],[role="checkbox"],[role="switch"],' +
  'input[type="checkbox"],input[type="radio"]';

const HELD_TYPES: ReadonlyArray<HeldEvent['type']> = ['click', 'submit', 'change'];

function isHeldType(type: string): type is HeldEvent['type'] {
  return (HELD_TYPES as readonly string[]).includes(type);
}

/** A click the browser acts on itself: another button than the main one, or a modifier key. */
export function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * Holds the clicks, submits and list choices made inside `#root` from now on, until the app sets `released`; the
 * record is left under `HELD_INPUT_KEY`.
 */
export function holdInput(doc: Document, win: BootWindow): HeldInput {
  const held: HeldInput = { released: false, events: [], typed: new WeakMap() };
  Reflect.set(win, HELD_INPUT_KEY, held);
  // Typing is not held (the text goes into the field as usual) but remembered, for as long as the page lives: a
  // field may be hydrated after the app has released the held events, and what it shows is put back by then.
  doc.addEventListener(
    'input',
    (event) => {
      const field = event.target as Element | null;
      if (field === null || (field.tagName !== 'INPUT' && field.tagName !== 'TEXTAREA')) return;
      const value: unknown = Reflect.get(field, 'value');
      if (typeof value !== 'string') return;
      held.typed.set(field, value);
      // Typed while the app renders its own screen over this one: carried over too (`carryTypedTextOver`).
      const key = carryKey(field);
      if (held.typedByKey !== undefined && key !== null) held.typedByKey.set(key, value);
    },
    true,
  );
  const hold = (event: Event) => {
    const origin = event.target as Element | null;
    if (held.released || !isHeldType(event.type) || typeof origin?.closest !== 'function') return;
    if (event.type === 'click' && isModifiedClick(event as MouseEvent)) return;
    const target = event.type === 'click' ? origin.closest(HOLDABLE) : origin;
    if (target === null || (event.type === 'change' && target.tagName !== 'SELECT')) return;
    const root = doc.getElementById('root');
    if (root === null || !root.contains(target)) return;
    event.preventDefault();
    event.stopPropagation();
    held.events.push({ type: event.type, target, value: Reflect.get(target, 'value') });
  };
  for (const type of HELD_TYPES) doc.addEventListener(type, hold, true);
  return held;
}

/**
 * A click again, as the pointer made it: focus, press, release, click (some controls act on the press, as Radix's
 * tabs do).
 */
function press(target: HTMLElement, win: BootWindow): void {
  target.focus({ preventScroll: true });
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, view: win };
  target.dispatchEvent(new win.MouseEvent('mousedown', init));
  target.dispatchEvent(new win.MouseEvent('mouseup', init));
  target.click();
}

function isHeldInput(value: unknown): value is HeldInput {
  return typeof value === 'object' && value !== null && 'events' in value && Array.isArray(value.events);
}

/**
 * The text typed into `field` on the server-rendered screen before its component took it over, once (it is
 * forgotten as it is taken); `null` when nothing was typed there, or on a page the browser rendered itself. The
 * component calls it as it mounts and makes the text its own, as if typed again.
 */
export function takeTypedText(field: Element, win: BootWindow = window): string | null {
  const held: unknown = Reflect.get(win, HELD_INPUT_KEY);
  if (!isHeldInput(held) || !(held.typed instanceof WeakMap)) return null;
  const text = held.typed.get(field);
  held.typed.delete(field);
  if (text !== undefined) return text;
  const key = carryKey(field);
  const carried = key === null ? undefined : held.typedByKey?.get(key);
  if (key === null || carried === undefined) return null;
  held.typedByKey?.delete(key);
  return carried;
}

/**
 * The app is about to render its own screen over the server's (it could not take it over: another language chosen
 * since, another time zone): what was typed into the server's fields is kept by the fields' ids or names
 * (`carryKey`), for the same fields in the app's render to take (`takeTypedText`), and so is what is typed until the
 * app's render is in.
 * What no field has taken once the first screen has painted is dropped (`dropCarriedText`), so that no later screen
 * gets it.
 */
export function carryTypedTextOver(doc: Document = document, win: BootWindow = window): void {
  const held: unknown = Reflect.get(win, HELD_INPUT_KEY);
  if (!isHeldInput(held) || !(held.typed instanceof WeakMap)) return;
  const byKey = new Map<string, string>();
  const seen = new Set<string>();
  for (const field of Array.from(doc.querySelectorAll('#root input, #root textarea'))) {
    const key = carryKey(field);
    if (key === null) continue;
    // Two fields of one name: neither is carried (which would get what is not known).
    if (seen.has(key)) byKey.delete(key);
    else {
      seen.add(key);
      const text = held.typed.get(field);
      if (text !== undefined) byKey.set(key, text);
    }
  }
  held.typedByKey = byKey;
}

/** Forgets the text carried over that no field took. */
export function dropCarriedText(win: BootWindow = window): void {
  const held: unknown = Reflect.get(win, HELD_INPUT_KEY);
  if (isHeldInput(held)) delete held.typedByKey;
}

/**
 * Hands the app what the user did on the server-rendered screen before it took it over (held by `holdInput`): each
 * click again on its element, each submit as a new submit of its form, each choice in a list as that choice made
 * again (hydration puts the list back at what the server rendered), in order. React hydrates what they touch first.
 * An element the app did not keep (a first render that did not match) has gone, and so has its input. From now on
 * nothing is held.
 */
export function releaseHeldInput(win: BootWindow = window): void {
  const held: unknown = Reflect.get(win, HELD_INPUT_KEY);
  if (!isHeldInput(held) || held.released) return;
  held.released = true;
  for (const { type, target, value } of held.events.splice(0)) {
    if (!target.isConnected) continue;
    if (type === 'submit' && target instanceof win.HTMLFormElement) target.requestSubmit();
    else if (type === 'change' && target instanceof win.HTMLSelectElement && typeof value === 'string') {
      target.value = value;
      target.dispatchEvent(new win.Event('change', { bubbles: true }));
    } else if (type === 'click' && target instanceof win.HTMLElement) press(target, win);
  }
}
