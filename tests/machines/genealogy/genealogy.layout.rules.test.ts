import { describe, expect, it } from 'vitest';
import {
  connectorPath,
  LAYOUT_METRICS,
  layoutTree,
  visibleItems,
  type TreeLayout,
} from '#machines/genealogy/genealogy.layout.rules.ts';
import { flattenTree, withPage } from '#machines/genealogy/genealogy.tree.rules.ts';
import type { Branch, GenealogyContext } from '#machines/genealogy/genealogy.types.ts';
import { fakeNode } from './fake-network.ts';

/** A tree context: `shape` gives each open node's children count (all loaded, one page), ids `parent * 1000 + n`. */
function treeOf(shape: Record<number, number>) {
  const branches: Record<number, Branch> = {};
  const expanded: Record<number, true> = {};
  for (const [id, count] of Object.entries(shape)) {
    const parent = Number(id);
    const items = Array.from({ length: count }, (_, i) =>
      fakeNode(parent * 1000 + i + 1, shape[parent * 1000 + i + 1] ?? 0),
    );
    branches[parent] = withPage(undefined, {
      node: fakeNode(parent, count),
      children: { items, page: 1, pageSize: Math.max(count, 1), total: count },
    });
    expanded[parent] = true;
  }
  const context: Pick<GenealogyContext, 'root' | 'branches' | 'expanded'> = {
    root: fakeNode(1, shape[1] ?? 0),
    branches,
    expanded,
  };
  return flattenTree(context);
}

const at = (layout: TreeLayout, id: number) => {
  const item = layout.byKey.get(`n${id}`);
  if (item === undefined) throw new Error(`n${id} is not laid out`);
  return item;
};

describe('genealogy layout: top-down', () => {
  const { nodeWidth: w, nodeHeight: h, gapX, gapY } = LAYOUT_METRICS.down;
  const slot = w + gapX;

  it('puts each level one row lower, each subtree as wide as its leaves, the parent over its children', () => {
    // 1 → 1001 (2 children), 1002 (leaf), 1003 (3 children)
    const layout = layoutTree(treeOf({ 1: 3, 1001: 2, 1003: 3 }), 'down');
    expect(layout.items).toHaveLength(9);
    expect(at(layout, 1).y).toBe(0);
    expect(at(layout, 1001).y).toBe(h + gapY);
    expect(at(layout, 1003001).y).toBe(2 * (h + gapY));
    // Leaves of the last level sit side by side, one slot each, no overlap.
    const bottom = [1001001, 1001002, 1003001, 1003002, 1003003].map((id) => at(layout, id).x);
    expect(bottom).toEqual([0, 1, 3, 4, 5].map((n) => n * slot + gapX / 2));
    // 1002 takes the free slot between its siblings' subtrees; each parent is centred over its span.
    expect(at(layout, 1002).x).toBe(2 * slot + gapX / 2);
    expect(at(layout, 1001).x + w / 2).toBe((2 * slot) / 2);
    expect(at(layout, 1003).x + w / 2).toBe(3 * slot + (3 * slot) / 2);
    expect(at(layout, 1).x + w / 2).toBe((6 * slot) / 2);
    expect(layout.bounds.width).toBe(5 * slot + gapX / 2 + w);
    for (const a of layout.items)
      for (const b of layout.items)
        if (a !== b && a.y === b.y) expect(Math.abs(a.x - b.x)).toBeGreaterThanOrEqual(w);
  });

  it('lays out a node with 500 children in a few milliseconds and renders only the cards in a rectangle', () => {
    const tree = treeOf({ 1: 500 });
    const started = performance.now();
    const layout = layoutTree(tree, 'down');
    expect(performance.now() - started).toBeLessThan(50);
    expect(layout.items).toHaveLength(501);
    const view = { x: 10 * slot, y: 0, width: 4 * slot, height: 3 * (h + gapY) };
    const visible = visibleItems(layout, view).map((item) => item.row.key);
    // Four slots wide: cards 11..14 (each slot's card is centred in it); the root, far to the right, is left out.
    expect(visible).toEqual(['n1011', 'n1012', 'n1013', 'n1014']);
  });

  it('draws connectors as one path cut to the rectangle: a stub under the parent, a bus, a stub to each child', () => {
    const layout = layoutTree(treeOf({ 1: 2 }), 'down');
    const everything = { x: -1000, y: -1000, width: 100_000, height: 100_000 };
    const cx = (id: number) => at(layout, id).x + w / 2;
    const bus = h + gapY / 2;
    const d = connectorPath(layout, everything);
    expect(d).toContain(`M${cx(1001)} ${bus}L${cx(1001)} ${h + gapY}`);
    expect(d).toContain(`M${cx(1)} ${h}L${cx(1)} ${bus}`);
    expect(d).toContain(`M${cx(1001)} ${bus}L${cx(1002)} ${bus}`);
    const nothing = connectorPath(layout, { x: 0, y: 5000, width: 10, height: 10 });
    expect(nothing).toBe('');
    const cut = connectorPath(layout, { x: cx(1001) + 10, y: 0, width: 20, height: 5000 });
    expect(cut).toBe(`M${cx(1001) + 10} ${bus}L${cx(1001) + 30} ${bus}`);
  });
});

describe('genealogy layout: indented (phones)', () => {
  const { nodeHeight: h, gapY, indent } = LAYOUT_METRICS.right;

  it('puts one card per line in the tree order, shifted right by depth, with a trunk and stubs', () => {
    const layout = layoutTree(treeOf({ 1: 2, 1001: 1 }), 'right');
    expect(layout.items.map((item) => [item.row.key, item.x, item.y])).toEqual([
      ['n1', 0, 0],
      ['n1001', indent, h + gapY],
      ['n1001001', 2 * indent, 2 * (h + gapY)],
      ['n1002', indent, 3 * (h + gapY)],
    ]);
    const d = connectorPath(layout, { x: -10, y: -10, width: 1000, height: 1000 });
    // The root's trunk runs down to its last child's middle.
    expect(d).toContain(`M${indent / 2} ${h}L${indent / 2} ${3 * (h + gapY) + h / 2}`);
    expect(d).toContain(`M${indent / 2} ${h + gapY + h / 2}L${indent} ${h + gapY + h / 2}`);
  });
});
