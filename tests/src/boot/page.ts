/**
 * A fresh page for a boot function, in jsdom: its own window at its own URL, as the boot script sees one. The test
 * file opts into the jsdom environment (`// @vitest-environment jsdom`), whose `JSDOM` class this borrows: the
 * environment's own window is not a jsdom `Window` to jsdom's events (Vitest puts the Node global in its place).
 */
import type { BootWindow } from '#src/boot/contract.ts';

type Jsdom = new (
  html: string,
  options: { url: string; pretendToBeVisual: boolean; runScripts?: 'outside-only' },
) => { window: BootWindow };

export function openPage(
  url = 'https://portal.test/',
  {
    head = '',
    body = '<div id="root"></div>',
    scripts = false,
  }: { head?: string; body?: string; /** `window.eval` runs a script in the page. */ scripts?: boolean } = {},
): BootWindow {
  const environment: unknown = Reflect.get(globalThis, 'jsdom');
  if (typeof environment !== 'object' || environment === null)
    throw new Error('openPage needs the jsdom environment (// @vitest-environment jsdom)');
  const JSDOM = environment.constructor as Jsdom;
  const html = `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
  return new JSDOM(html, { url, pretendToBeVisual: true, ...(scripts ? { runScripts: 'outside-only' } : {}) })
    .window;
}

/** The links and scripts the boot added to `<head>`, in order, as `rel href [as]` lines. */
export function headOf(win: BootWindow): string[] {
  return [...win.document.head.children].flatMap((element) => {
    if (element.tagName === 'LINK') {
      const link = element as HTMLLinkElement;
      // jsdom does not reflect `as` and `fetchPriority` into attributes, as browsers do: read as set.
      const as: unknown = Reflect.get(link, 'as');
      const extra = [
        typeof as === 'string' && as !== '' ? as : null,
        link.hasAttribute('crossorigin') ? 'crossorigin' : null,
        link.getAttribute('blocking') === 'render' ? 'blocking' : null,
        Reflect.get(link, 'fetchPriority') === 'high' ? 'high' : null,
      ].filter((part) => part !== null);
      return [[link.rel, link.getAttribute('href'), ...extra].join(' ')];
    }
    if (element.tagName === 'SCRIPT' && element.hasAttribute('src'))
      return [`script ${element.getAttribute('src')} ${element.getAttribute('type')}`];
    return [];
  });
}
