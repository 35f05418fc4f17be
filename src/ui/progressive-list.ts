import { startTransition, useEffect, useState } from 'react';

/** Product cards in a grid's first render pass: a phone's first two rows of two (the catalogue, the promotions). */
export const FIRST_PASS_CARDS = 4;

/**
 * A long list's first `first` items, then all of them: the first pass renders only what the first screen shows (a
 * phone's first rows), and the rest follow in a transition, which React renders in slices that yield to the browser.
 * So the first screen paints and answers input without waiting for every card of a page. Later lists (another page)
 * render whole at once.
 */
export function useProgressiveList<T>(items: readonly T[], first: number): readonly T[] {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= items.length) return;
    startTransition(() => setShown(Number.POSITIVE_INFINITY));
  }, [items, shown]);
  return shown >= items.length ? items : items.slice(0, shown);
}
