import type { FlatTree } from './genealogy.tree.rules.ts';
import type { RowKey, TreeRow } from './genealogy.types.ts';

/**
 * The drawn genealogy's geometry: a tidy layered layout of the visible rows with a fixed card size, computed once
 * per tree (pure, linear in the rows), and what of it falls inside a rectangle (the view renders only that).
 *
 * `down` (wide screens): y by depth, x by order in the level, each subtree as wide as its leaves (a node with 500
 * children spans 500 slots), the parent centred over its children; connectors are elbows through a bus line
 * between the levels. `right` (phones): the indented outline, one card per line, x by depth; connectors are a
 * trunk down from each parent and a stub to each child.
 */

export type LayoutDirection = 'down' | 'right';

export interface LayoutMetrics {
  nodeWidth: number;
  nodeHeight: number;
  /** Space between cards side by side (`down`) or one below the other (both). */
  gapX: number;
  gapY: number;
  /** Shift per level (`right`). */
  indent: number;
}

export const LAYOUT_METRICS: Record<LayoutDirection, LayoutMetrics> = {
  down: { nodeWidth: 184, nodeHeight: 76, gapX: 16, gapY: 56, indent: 0 },
  right: { nodeWidth: 232, nodeHeight: 76, gapX: 0, gapY: 12, indent: 28 },
};

export interface PlacedRow {
  row: TreeRow;
  /** The row's place in the flat tree (its order for the keyboard). */
  index: number;
  x: number;
  y: number;
}

/** An axis-aligned connector piece (x1 = x2 or y1 = y2). */
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TreeLayout {
  direction: LayoutDirection;
  metrics: LayoutMetrics;
  items: readonly PlacedRow[];
  byKey: ReadonlyMap<RowKey, PlacedRow>;
  segments: readonly Segment[];
  /** The bounding box of every card. */
  bounds: Rect;
}

function parentIndexes(tree: FlatTree): Int32Array {
  const parents = new Int32Array(tree.rows.length).fill(-1);
  tree.rows.forEach((row, i) => {
    if (row.parentKey !== null) parents[i] = tree.index.get(row.parentKey) ?? -1;
  });
  return parents;
}

/** x of each row for `down`: subtree widths in slots, then each child placed after its elder siblings. */
function downPositions(tree: FlatTree, parents: Int32Array, metrics: LayoutMetrics): Float64Array {
  const n = tree.rows.length;
  const span = new Float64Array(n);
  const childSpan = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    span[i] = (childSpan[i] ?? 0) > 0 ? (childSpan[i] ?? 0) : 1;
    const parent = parents[i] ?? -1;
    if (parent >= 0) childSpan[parent] = (childSpan[parent] ?? 0) + (span[i] ?? 1);
  }
  const left = new Float64Array(n);
  const cursor = new Float64Array(n);
  const slot = metrics.nodeWidth + metrics.gapX;
  const xs = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const parent = parents[i] ?? -1;
    if (parent >= 0) {
      left[i] = cursor[parent] ?? 0;
      cursor[parent] = (cursor[parent] ?? 0) + (span[i] ?? 1);
    }
    cursor[i] = left[i] ?? 0;
    xs[i] = ((left[i] ?? 0) + (span[i] ?? 1) / 2) * slot - metrics.nodeWidth / 2;
  }
  return xs;
}

function computeLayout(tree: FlatTree, direction: LayoutDirection): TreeLayout {
  const metrics = LAYOUT_METRICS[direction];
  const { nodeWidth: w, nodeHeight: h, gapY, indent } = metrics;
  const parents = parentIndexes(tree);
  const xs = direction === 'down' ? downPositions(tree, parents, metrics) : null;
  const items: PlacedRow[] = [];
  const byKey = new Map<RowKey, PlacedRow>();
  const segments: Segment[] = [];
  // Per parent: the extreme child centres (bus / trunk ends).
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let maxX = 0;
  let maxY = 0;
  tree.rows.forEach((row, index) => {
    const depth = row.level - 1;
    const x = xs === null ? depth * indent : (xs[index] ?? 0);
    const y = direction === 'down' ? depth * (h + gapY) : index * (h + gapY);
    const placed: PlacedRow = { row, index, x, y };
    items.push(placed);
    byKey.set(row.key, placed);
    maxX = Math.max(maxX, x + w);
    maxY = Math.max(maxY, y + h);
    const parent = parents[index] ?? -1;
    if (parent < 0) return;
    const centre = direction === 'down' ? x + w / 2 : y + h / 2;
    if (!first.has(parent)) first.set(parent, centre);
    last.set(parent, centre);
    const parentX = items[parent]?.x ?? 0;
    if (direction === 'down') segments.push({ x1: centre, y1: y - gapY / 2, x2: centre, y2: y });
    else segments.push({ x1: parentX + indent / 2, y1: centre, x2: x, y2: centre });
  });
  for (const [parent, from] of first) {
    const to = last.get(parent) ?? from;
    const item = items[parent];
    if (item === undefined) continue;
    if (direction === 'down') {
      const cx = item.x + w / 2;
      const bus = item.y + h + gapY / 2;
      segments.push({ x1: cx, y1: item.y + h, x2: cx, y2: bus });
      segments.push({ x1: Math.min(from, cx), y1: bus, x2: Math.max(to, cx), y2: bus });
    } else {
      const trunk = item.x + indent / 2;
      segments.push({ x1: trunk, y1: item.y + h, x2: trunk, y2: to });
    }
  }
  return { direction, metrics, items, byKey, segments, bounds: { x: 0, y: 0, width: maxX, height: maxY } };
}

let memo: { tree: FlatTree; direction: LayoutDirection; layout: TreeLayout } | null = null;

/** The layout of the visible rows, memoised on the tree's identity and the direction. */
export function layoutTree(tree: FlatTree, direction: LayoutDirection): TreeLayout {
  if (memo !== null && memo.tree === tree && memo.direction === direction) return memo.layout;
  const layout = computeLayout(tree, direction);
  memo = { tree, direction, layout };
  return layout;
}

const intersects = (a: Rect, x1: number, y1: number, x2: number, y2: number) =>
  x2 >= a.x && x1 <= a.x + a.width && y2 >= a.y && y1 <= a.y + a.height;

/** The cards that meet `rect` (world coordinates), in the tree's order. */
export function visibleItems(layout: TreeLayout, rect: Rect): PlacedRow[] {
  const { nodeWidth, nodeHeight } = layout.metrics;
  return layout.items.filter((item) =>
    intersects(rect, item.x, item.y, item.x + nodeWidth, item.y + nodeHeight),
  );
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** One SVG path of the connector pieces that meet `rect`, each cut to it. */
export function connectorPath(layout: TreeLayout, rect: Rect): string {
  const parts: string[] = [];
  const right = rect.x + rect.width;
  const bottom = rect.y + rect.height;
  for (const s of layout.segments) {
    const x1 = Math.min(s.x1, s.x2);
    const x2 = Math.max(s.x1, s.x2);
    const y1 = Math.min(s.y1, s.y2);
    const y2 = Math.max(s.y1, s.y2);
    if (!intersects(rect, x1, y1, x2, y2)) continue;
    const from = `${clamp(x1, rect.x, right)} ${clamp(y1, rect.y, bottom)}`;
    parts.push(`M${from}L${clamp(x2, rect.x, right)} ${clamp(y2, rect.y, bottom)}`);
  }
  return parts.join('');
}
