const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Calls `start` once, at the page's first pointer, key or focus (captured, so before any handler), or also when the
 * page is hidden (left, or its tab put away) with `orWhenHidden`, whichever comes first. For work a page need not do
 * while it starts: the session's code on a logged-out page, its time zone cookie. Returns a function that stops
 * waiting.
 */
export function atFirstInteraction(start: () => void, { orWhenHidden = false } = {}): () => void {
  const stop = () => {
    for (const type of INTERACTIONS) document.removeEventListener(type, once, { capture: true });
    document.removeEventListener('visibilitychange', hidden);
  };
  function once() {
    stop();
    start();
  }
  function hidden() {
    if (document.visibilityState === 'hidden') once();
  }
  for (const type of INTERACTIONS) document.addEventListener(type, once, { capture: true });
  if (orWhenHidden) document.addEventListener('visibilitychange', hidden);
  return stop;
}
