// @vitest-environment jsdom
// Input on a server-rendered screen before the app has taken it over: held by the boot script, handed on in order by
// the app (src/boot/held-input.ts); a click the browser acts on itself is left to it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type BootWindow, HELD_INPUT_KEY, type HeldInput } from '#src/boot/contract.ts';
import {
  carryTypedTextOver,
  dropCarriedText,
  holdInput,
  releaseHeldInput,
  takeTypedText,
} from '#src/boot/held-input.ts';
import { openPage } from './page.ts';

const SCREEN = `
  <a id="outside" href="/elsewhere">outside</a>
  <div id="root">
    <nav><a id="link" href="/personal"><span id="label">Personal data</span></a></nav>
    <button id="tab" role="tab" type="button">In progress</button>
    <p id="text">Plain text</p>
    <select id="sort"><option value="new">New</option><option value="old">Old</option></select>
    <input id="name" type="text" />
    <form id="login"><input name="email" value="a@b.md" /><button id="send">Sign in</button></form>
  </div>`;

let win: BootWindow;
let document: Document;
/** What the boot script leaves. */
let held: HeldInput;
/** The events the page's own listeners (the app, once it runs) get. */
let reached: string[];
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function track(event: Event): void {
  const target = event.target as Element;
  reached.push(`${event.type}:${target.id}`);
}

beforeEach(() => {
  win = openPage('https://portal.test/my-orders-warehouse', { body: SCREEN });
  document = win.document;
  held = holdInput(document, win);
  reached = [];
  for (const type of ['mousedown', 'mouseup', 'click', 'submit', 'change'])
    document.addEventListener(type, track);
  // jsdom would navigate on a link's click and submit a form to nowhere: the default actions are not the point.
  document.addEventListener('click', (event) => event.preventDefault());
  document.addEventListener('submit', (event) => event.preventDefault());
});

describe('holdInput', () => {
  it('leaves its record on window', () => {
    expect(Reflect.get(win, HELD_INPUT_KEY)).toBe(held);
    expect(held).toMatchObject({ released: false, events: [] });
    expect(held.typed).toBeInstanceOf(WeakMap);
  });

  it('holds a click on a control inside #root, on the control around what was hit, and the app does not see it', () => {
    const click = new win.MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    byId('label').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(reached).toEqual([]);
    expect(held.events).toEqual([{ type: 'click', target: byId('link'), value: undefined }]);
  });

  it('leaves a click with a modifier or another button to the browser', () => {
    const prevented: boolean[] = [];
    byId('link').addEventListener('click', (event) => prevented.push(event.defaultPrevented));
    for (const init of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
    ])
      byId('link').dispatchEvent(
        new win.MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }),
      );
    expect(prevented).toEqual([false, false, false, false, false]);
    expect(held.events).toEqual([]);
    expect(reached).toEqual(Array(5).fill('click:link'));
  });

  it('leaves a click outside #root, or on what is not a control, alone', () => {
    byId('outside').click();
    byId('text').click();
    expect(held.events).toEqual([]);
    expect(reached).toEqual(['click:outside', 'click:text']);
  });

  it('holds a submit and a choice in a list, not a change of another field', () => {
    const form = byId<HTMLFormElement>('login');
    form.dispatchEvent(new win.Event('submit', { bubbles: true, cancelable: true }));
    const sort = byId<HTMLSelectElement>('sort');
    sort.value = 'old';
    sort.dispatchEvent(new win.Event('change', { bubbles: true }));
    byId('name').dispatchEvent(new win.Event('change', { bubbles: true }));
    expect(held.events).toEqual([
      { type: 'submit', target: form, value: undefined },
      { type: 'change', target: sort, value: 'old' },
    ]);
    expect(reached).toEqual(['change:name']);
  });

  it('holds nothing more once released', () => {
    held.released = true;
    byId('tab').click();
    expect(held.events).toEqual([]);
    expect(reached).toEqual(['click:tab']);
  });
});

describe('releaseHeldInput', () => {
  it('hands every held input on, in the order it was made, once', () => {
    const submitted = vi.fn();
    byId('login').addEventListener('submit', submitted);
    byId('tab').click();
    const sort = byId<HTMLSelectElement>('sort');
    sort.value = 'old';
    sort.dispatchEvent(new win.Event('change', { bubbles: true }));
    byId('send').click();
    byId('login').dispatchEvent(new win.Event('submit', { bubbles: true, cancelable: true }));
    expect(held.events.map((event) => event.type)).toEqual(['click', 'change', 'click', 'submit']);
    // Hydration puts the list back at what the server rendered.
    sort.value = 'new';

    releaseHeldInput(win);

    expect(held.released).toBe(true);
    expect(held.events).toEqual([]);
    expect(sort.value).toBe('old');
    // A click again as the pointer made it (its default action is this test's to stop); a submit as a new submit.
    expect(reached).toEqual([
      'mousedown:tab',
      'mouseup:tab',
      'click:tab',
      'change:sort',
      'mousedown:send',
      'mouseup:send',
      'click:send',
      'submit:login',
    ]);
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(byId('send'));

    reached = [];
    releaseHeldInput(win);
    byId('tab').click();
    expect(reached, 'nothing is handed on twice, and input now reaches the app').toEqual(['click:tab']);
  });

  it('drops input on an element the app did not keep', () => {
    byId('tab').click();
    byId('tab').remove();
    releaseHeldInput(win);
    expect(reached).toEqual([]);
  });

  it('does nothing on a page the boot script held nothing on', () => {
    Reflect.deleteProperty(win, HELD_INPUT_KEY);
    expect(() => releaseHeldInput(win)).not.toThrow();
  });
});

describe('takeTypedText', () => {
  const type = (field: HTMLInputElement, text: string) => {
    field.value = text;
    field.dispatchEvent(new win.Event('input', { bubbles: true }));
  };

  it('gives the last text typed into a field, once; typing is not held, and goes on being remembered after release', () => {
    const field = byId<HTMLInputElement>('name');
    type(field, 'Cio');
    type(field, 'Ciob');
    expect(held.events, 'typing is not held').toEqual([]);
    releaseHeldInput(win);
    // Hydrated after the release: the field has been put back at what the server rendered.
    field.value = '';
    expect(takeTypedText(field, win)).toBe('Ciob');
    expect(takeTypedText(field, win), 'taken once').toBeNull();
    type(field, 'Ana');
    expect(takeTypedText(field, win)).toBe('Ana');
  });

  it('answers null for a field nothing was typed into, and on a page the boot script held nothing on', () => {
    expect(takeTypedText(byId('name'), win)).toBeNull();
    Reflect.deleteProperty(win, HELD_INPUT_KEY);
    type(byId<HTMLInputElement>('name'), 'x');
    expect(takeTypedText(byId('name'), win)).toBeNull();
  });

  it('carries what was typed over to the field of the same id in a screen rendered anew, once, until dropped', () => {
    type(byId<HTMLInputElement>('name'), 'Cio');
    carryTypedTextOver(document, win);
    type(byId<HTMLInputElement>('name'), 'Ciobanu');
    // The app renders its own screen over the server's: new elements, the same ids.
    const root = byId('root');
    root.innerHTML = '<input id="name" type="text" /><input id="other" type="text" />';
    expect(takeTypedText(byId('other'), win), 'nothing was typed there').toBeNull();
    expect(takeTypedText(byId('name'), win)).toBe('Ciobanu');
    expect(takeTypedText(byId('name'), win), 'taken once').toBeNull();

    type(byId<HTMLInputElement>('other'), 'x');
    carryTypedTextOver(document, win);
    dropCarriedText(win);
    root.innerHTML = '<input id="other" type="text" />';
    expect(takeTypedText(byId('other'), win), 'dropped once the first screen painted').toBeNull();
  });

  it('finds a field whose id React made by its name, and carries nothing for two fields of one name', () => {
    const root = byId('root');
    root.innerHTML =
      '<input id="«R1»" name="q" /><input name="city" id="a" /><input name="phone" /><input name="phone" />';
    const fields = Array.from(root.querySelectorAll('input'));
    fields.forEach((field, index) => type(field, `text ${index}`));
    carryTypedTextOver(document, win);
    root.innerHTML = '<input id="«r5»" name="q" /><input name="phone" />';
    const [search, phone] = Array.from(root.querySelectorAll('input'));
    expect(takeTypedText(search as Element, win)).toBe('text 0');
    expect(takeTypedText(phone as Element, win)).toBeNull();
  });
});
