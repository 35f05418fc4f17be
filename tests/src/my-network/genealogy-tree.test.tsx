// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChildrenRequest, GenealogyView } from '../../../machines/genealogy/genealogy.types.ts';
import { activateLocale, i18n } from '../../../src/i18n/i18n.ts';
import { GenealogyTree, TREE_ROW_HEIGHT } from '../../../src/features/my-network/genealogy-tree.tsx';
import { forgetGenealogy } from '../../../src/features/my-network/use-genealogy.ts';
import { fakeNetwork, fakeNode } from '../../machines/genealogy/fake-network.ts';

type Loader = (request: ChildrenRequest) => Promise<GenealogyView>;

function Card() {
  return <p>card {useParams().id}</p>;
}

function renderTree(load: Loader) {
  const router = createMemoryRouter(
    [
      {
        path: '/my-distributers',
        element: <GenealogyTree viewerId={1} rootId={null} loadChildren={(request) => load(request)} />,
      },
      { path: '/my-distributers/:id', element: <Card /> },
    ],
    { initialEntries: ['/my-distributers'] },
  );
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

const items = () => screen.getAllByRole('treeitem');
const focused = () => document.activeElement as HTMLElement;
const nameOf = (element: Element) => element.getAttribute('aria-label')?.split(',')[0];
const press = (key: string) => fireEvent.keyDown(focused(), { key });

beforeAll(async () => {
  await activateLocale('en');
});

afterEach(() => {
  cleanup();
  forgetGenealogy();
});

describe('the genealogy tree (WAI-ARIA tree, keyboard)', () => {
  const shape = { 1: 3, 1001: 2, 1001001: 2, 1001001001: 1 };

  it('renders a tree of treeitems with level, position, set size, expansion and one tab stop', async () => {
    renderTree(fakeNetwork(shape).load);
    const tree = await screen.findByRole('tree', { name: 'Genealogy' });
    expect(tree).toBeTruthy();
    await waitFor(() => expect(items()).toHaveLength(4));
    const [root, first, , third] = items();
    expect(root?.getAttribute('aria-level')).toBe('1');
    expect(root?.getAttribute('aria-expanded')).toBe('true');
    expect(first?.getAttribute('aria-level')).toBe('2');
    expect(first?.getAttribute('aria-posinset')).toBe('1');
    expect(first?.getAttribute('aria-setsize')).toBe('3');
    expect(first?.getAttribute('aria-expanded')).toBe('false');
    expect(third?.getAttribute('aria-expanded')).toBeNull(); // a leaf is neither open nor closed
    expect(items().filter((item) => item.tabIndex === 0)).toEqual([root]);
  });

  it('goes three levels deep with Right, back with Left, and moves the one tab stop along', async () => {
    renderTree(fakeNetwork(shape).load);
    await waitFor(() => expect(items()).toHaveLength(4));
    act(() => items()[0]?.focus());

    press('ArrowDown');
    await waitFor(() => expect(nameOf(focused())).toBe('Distributor 1001'));
    press('ArrowRight'); // opens level 2's first node
    await waitFor(() => expect(focused().getAttribute('aria-expanded')).toBe('true'));
    await waitFor(() => expect(items()).toHaveLength(6));
    press('ArrowRight');
    await waitFor(() => expect(nameOf(focused())).toBe('Distributor 1001001'));
    press('ArrowRight');
    await waitFor(() => expect(items()).toHaveLength(8));
    press('ArrowRight');
    await waitFor(() => expect(nameOf(focused())).toBe('Distributor 1001001001'));
    expect(focused().getAttribute('aria-level')).toBe('4');
    expect(items().filter((item) => item.tabIndex === 0)).toEqual([focused()]);

    press('ArrowLeft'); // a closed node: to its parent
    await waitFor(() => expect(nameOf(focused())).toBe('Distributor 1001001'));
    press('ArrowLeft'); // an open node: closes it
    await waitFor(() => expect(focused().getAttribute('aria-expanded')).toBe('false'));
    expect(items()).toHaveLength(6);

    press('End');
    await waitFor(() => expect(nameOf(focused())).toBe('Distributor 1003'));
    press('Home');
    await waitFor(() => expect(nameOf(focused())).toBe('Distributor 1'));
    press('ArrowUp');
    expect(nameOf(focused())).toBe('Distributor 1');
  });

  it("opens the focused distributor's card on Enter", async () => {
    const router = renderTree(fakeNetwork(shape).load);
    await waitFor(() => expect(items()).toHaveLength(4));
    act(() => items()[0]?.focus());
    press('ArrowDown');
    press('ArrowDown');
    await waitFor(() => expect(nameOf(focused())).toBe('Distributor 1002'));
    press('Enter');
    expect(await screen.findByText('card 1002')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my-distributers/1002');
  });

  it('opens and closes a node on click', async () => {
    renderTree(fakeNetwork(shape).load);
    await waitFor(() => expect(items()).toHaveLength(4));
    const second = items()[1];
    if (second === undefined) throw new Error('no second row');
    fireEvent.click(second);
    await waitFor(() => expect(items()).toHaveLength(6));
    fireEvent.click(items()[1] as HTMLElement);
    await waitFor(() => expect(items()).toHaveLength(4));
  });

  it('loads the next page from the "show more" row with Enter and moves on to its first distributor', async () => {
    renderTree(fakeNetwork({ 1: 120 }).load); // pages of 50
    await waitFor(() => expect(items().length).toBeGreaterThan(1));
    act(() => items()[0]?.focus());
    press('End'); // the "show more" row is past the rendered window: End brings it in
    await waitFor(() => expect(focused().textContent).toBe('Show more (50 of 120 shown)'));
    expect(focused().getAttribute('aria-level')).toBe('2');
    press('Enter');
    await waitFor(() => expect(nameOf(focused())).toBe('Distributor 1051'));
    expect(focused().getAttribute('aria-posinset')).toBe('51');
    expect(focused().getAttribute('aria-setsize')).toBe('120');
  });

  it('says when children could not be loaded and tries again from the row', async () => {
    const network = fakeNetwork({ 1: 1, 1001: 2 });
    let fail = true;
    renderTree((request) => {
      if (request.nodeId === 1001 && fail) {
        fail = false;
        return Promise.reject(Object.assign(new Error('x'), { code: 'INTERNAL' }));
      }
      return network.load(request);
    });
    await waitFor(() => expect(items()).toHaveLength(2));
    fireEvent.click(items()[1] as HTMLElement);
    const retry = await screen.findByRole('treeitem', { name: /could not be loaded/ });
    fireEvent.click(retry);
    await waitFor(() => expect(items()).toHaveLength(4));
  });

  it('shows a failure of the root with a retry button', async () => {
    const network = fakeNetwork({ 1: 1 });
    let fail = true;
    renderTree((request) => {
      if (fail) {
        fail = false;
        return Promise.reject(Object.assign(new Error('x'), { code: 'INTERNAL' }));
      }
      return network.load(request);
    });
    expect((await screen.findByRole('alert')).textContent).toContain('The distributors could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(items()).toHaveLength(2));
  });
});

describe('the genealogy tree (virtualised)', () => {
  const CHILDREN = 20_000;
  /** A root with 20,000 children in one answer (a server that ignores the page size, for a long list). */
  const wideLoad: Loader = async (request) => ({
    node: fakeNode(1, CHILDREN),
    children: {
      items: Array.from({ length: CHILDREN }, (_, i) => fakeNode(1001 + i, 0, 1)),
      page: request.page,
      pageSize: CHILDREN,
      total: CHILDREN,
    },
  });

  const viewport = () => {
    const element = document.querySelector('.genealogy__viewport');
    if (!(element instanceof HTMLElement)) throw new Error('no viewport');
    return element;
  };

  it('keeps the rendered rows bounded while 20,001 rows are visible, and renders the window scrolled to', async () => {
    renderTree(wideLoad);
    await waitFor(() => expect(items().length).toBeGreaterThan(1));
    const tree = screen.getByRole('tree');
    expect(tree.style.height).toBe(`${(CHILDREN + 1) * TREE_ROW_HEIGHT}px`);
    expect(items().length).toBeLessThanOrEqual(40);

    const scroller = viewport();
    scroller.scrollTop = 10_000 * TREE_ROW_HEIGHT;
    fireEvent.scroll(scroller);
    await waitFor(() =>
      expect(items().some((item) => item.getAttribute('aria-posinset') === '10000')).toBe(true),
    );
    // The window plus the focused row (the root, kept in the DOM as the tab stop).
    expect(items().length).toBeLessThanOrEqual(41);
    expect(items()[0]?.getAttribute('aria-level')).toBe('1');
  });

  it('brings the row End moves to into the window and focuses it', async () => {
    renderTree(wideLoad);
    await waitFor(() => expect(items().length).toBeGreaterThan(1));
    act(() => items()[0]?.focus());
    press('End');
    await waitFor(() => expect(focused().getAttribute('aria-posinset')).toBe(String(CHILDREN)));
    expect(viewport().scrollTop).toBeGreaterThan((CHILDREN - 20) * TREE_ROW_HEIGHT);
    expect(items().length).toBeLessThanOrEqual(41);
  });
});
