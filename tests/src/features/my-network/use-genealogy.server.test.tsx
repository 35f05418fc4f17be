// The tree on the server's render (docs/adr/0151-the-last-screens-rendered-by-the-server.md): drawn from the first
// view the route's prefetch put in the render's cache, else in its loading state, and never from an actor an earlier
// render left behind. In Node there is no `window`, as in the server's render.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { selectPhase, selectRows } from '#machines/genealogy/genealogy.selectors.ts';
import { networkQueries } from '../../../../src/data/network.ts';
import {
  CHILDREN_PAGE_SIZE,
  useGenealogy,
  type LoadChildren,
} from '../../../../src/features/my-network/use-genealogy.ts';
import { fakeNetwork } from '../../../machines/genealogy/fake-network.ts';

function Probe({ loadChildren }: { loadChildren: LoadChildren }) {
  const { actor } = useGenealogy(7, null, {
    loadChildren,
    loadLine: () => Promise.reject(new Error('none')),
  });
  const snapshot = actor.getSnapshot();
  return <output>{[selectPhase(snapshot), ...selectRows(snapshot).map((row) => row.key)].join(' ')}</output>;
}

const rendered = (client: QueryClient, loadChildren: LoadChildren) =>
  renderToString(
    <QueryClientProvider client={client}>
      <Probe loadChildren={loadChildren} />
    </QueryClientProvider>,
  );

describe('useGenealogy on the server', () => {
  it('draws the loading state on every render and asks for nothing, even after a render whose reads failed', async () => {
    const loadChildren = vi.fn<LoadChildren>(() => Promise.reject(new Error('no API outside a render')));
    const client = new QueryClient();
    expect(rendered(client, loadChildren)).toBe('<output>loading</output>');
    // What a second pass of the same render, or the same viewer's next page, would find.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rendered(client, loadChildren)).toBe('<output>loading</output>');
    expect(loadChildren).not.toHaveBeenCalled();
  });

  it("draws the first view the route's prefetch read, on every pass, and asks for nothing", async () => {
    const network = fakeNetwork({ 1: 2 });
    const client = new QueryClient();
    client.setQueryData(
      networkQueries.treeRoot(null, CHILDREN_PAGE_SIZE).queryKey,
      await network.load({ nodeId: null, page: 1, pageSize: CHILDREN_PAGE_SIZE }),
    );
    const loadChildren = vi.fn<LoadChildren>(() => Promise.reject(new Error('no API outside a render')));
    expect(rendered(client, loadChildren)).toBe('<output>ready n1 n1001 n1002</output>');
    // The render's second pass finds it too (the server leaves it in the cache the page carries).
    expect(rendered(client, loadChildren)).toBe('<output>ready n1 n1001 n1002</output>');
    expect(loadChildren).not.toHaveBeenCalled();
  });
});
