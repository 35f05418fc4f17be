// The tree on the server's first render (docs/adr/0068-server-renders-first-screen.md): drawn in its loading state,
// never from an actor an earlier render left behind. In Node there is no `window`, as in the server's render.
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { selectPhase } from '#machines/genealogy/genealogy.selectors.ts';
import { useGenealogy, type LoadChildren } from '../../../../src/features/my-network/use-genealogy.ts';

function Probe({ loadChildren }: { loadChildren: LoadChildren }) {
  const { actor } = useGenealogy(7, null, {
    loadChildren,
    loadLine: () => Promise.reject(new Error('none')),
  });
  return <output>{selectPhase(actor.getSnapshot())}</output>;
}

describe('useGenealogy on the server', () => {
  it('draws the loading state on every render and asks for nothing, even after a render whose reads failed', async () => {
    const loadChildren = vi.fn<LoadChildren>(() => Promise.reject(new Error('no API outside a render')));
    expect(renderToString(<Probe loadChildren={loadChildren} />)).toBe('<output>loading</output>');
    // What a second pass of the same render, or the same viewer's next page, would find.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(renderToString(<Probe loadChildren={loadChildren} />)).toBe('<output>loading</output>');
    expect(loadChildren).not.toHaveBeenCalled();
  });
});
