/**
 * Whether this render is the browser's own: `false` on the server and while the browser hydrates the server's HTML,
 * `true` from the render after, and from the start on a screen the browser renders itself.
 * A part that depends on the browser (the page's origin, the share sheet, a drawing made for this browser) renders
 * its server-side form until then, so hydration finds the markup it was sent and reports no mismatch
 * (docs/adr/0151-the-last-screens-rendered-by-the-server.md).
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useInBrowser(): boolean {
  // React reads the server snapshot on the server and during hydration, the client snapshot after.
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
