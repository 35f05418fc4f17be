import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  connectorPath,
  layoutTree,
  visibleItems,
  type LayoutDirection,
  type PlacedRow,
  type TreeLayout,
} from '#machines/genealogy/genealogy.layout.rules.ts';
import {
  selectFocusedKey,
  selectIsLoadingChildren,
  selectReveal,
  selectTree,
} from '#machines/genealogy/genealogy.selectors.ts';
import type { GenealogyEvent, TreeRow } from '#machines/genealogy/genealogy.types.ts';
import { Button } from '../../ui/button.tsx';
import { MoreCard, NodeCard } from './genealogy-card.tsx';
import { distributorPath } from './network-paths.ts';
import {
  centreOn,
  fitCamera,
  homeCamera,
  keepInView,
  PAN_STEP,
  worldRect,
  ZOOM_STEP,
  type Camera,
} from './tree-camera.ts';
import type { GenealogyActor } from './use-genealogy.ts';
import { useTreeCamera } from './use-tree-camera.ts';

/** Keys of the WAI-ARIA tree pattern (and + / −) and the machine event each one sends. */
const KEY_EVENTS: Record<string, (row: TreeRow) => GenealogyEvent | null> = {
  ArrowDown: () => ({ type: 'nav.next' }),
  ArrowUp: () => ({ type: 'nav.prev' }),
  Home: () => ({ type: 'nav.first' }),
  End: () => ({ type: 'nav.last' }),
  ArrowRight: () => ({ type: 'nav.right' }),
  ArrowLeft: () => ({ type: 'nav.left' }),
  '+': (row) => (row.kind === 'node' ? { type: 'node.expand', id: row.node.id } : null),
  '=': (row) => (row.kind === 'node' ? { type: 'node.expand', id: row.node.id } : null),
  '-': (row) => (row.kind === 'node' ? { type: 'node.collapse', id: row.node.id } : null),
};

const PAN_KEYS: Record<string, [number, number]> = {
  ArrowLeft: [PAN_STEP, 0],
  ArrowRight: [-PAN_STEP, 0],
  ArrowUp: [0, PAN_STEP],
  ArrowDown: [0, -PAN_STEP],
};

/** Cards beyond the canvas's edges still rendered (screen px), so a small pan shows no gap. */
const MARGIN = 64;
/** More cards than this in view: they show the name only. */
const COMPACT_ABOVE = 40;
const COMPACT_BELOW_SCALE = 0.7;
/** Narrower canvases (phones) use the indented layout. */
const INDENTED_BELOW = 600;

const cardRect = (layout: TreeLayout, item: PlacedRow) => ({
  x: item.x,
  y: item.y,
  width: layout.metrics.nodeWidth,
  height: layout.metrics.nodeHeight,
});

export interface GenealogyCanvasProps {
  actor: GenealogyActor;
  /** Where the view's controls (zoom, pan, fit) go: rendered by the canvas, placed by the page. */
  renderControls: (controls: CanvasControls) => React.ReactNode;
}

export interface CanvasControls {
  zoomIn: () => void;
  zoomOut: () => void;
  fit: () => void;
  reset: () => void;
  pan: (dx: number, dy: number) => void;
}

/**
 * The drawn genealogy: the machine's visible rows laid out (`genealogy.layout.rules.ts`), and of them only the cards in
 * the canvas (plus a margin) and the focused one in the DOM, with their connectors as one SVG path. The canvas
 * takes the viewport's height below it; drag, pinch, the wheel, the buttons and Shift+arrows move the camera.
 */
export function GenealogyCanvas({ actor, renderControls }: GenealogyCanvasProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const idPrefix = useId();
  const canvasRef = useRef<HTMLDivElement>(null);
  const treeRef = useRef<HTMLDivElement>(null);
  const tree = useSelector(actor, selectTree);
  const focusedKey = useSelector(actor, selectFocusedKey);
  const reveal = useSelector(actor, selectReveal);
  const loadingPages = useSelector(actor, selectIsLoadingChildren);
  const { camera, setCamera, size, zoomBy, pointerDown, handlers } = useTreeCamera(canvasRef, {
    x: 16,
    y: 16,
    scale: 1,
  });
  const direction: LayoutDirection = size.width > 0 && size.width < INDENTED_BELOW ? 'right' : 'down';
  const layout = layoutTree(tree, direction);
  const root = layout.items[0];

  const home = (): Camera =>
    root === undefined ? camera : homeCamera(cardRect(layout, root), size.width, direction === 'down');

  // Placed at the root once the canvas has a size, and again when the layout turns (phone ↔ wide).
  const homed = useRef<LayoutDirection | null>(null);
  useEffect(() => {
    if (size.width === 0 || root === undefined || homed.current === direction) return;
    homed.current = direction;
    setCamera(homeCamera(cardRect(layout, root), size.width, direction === 'down'));
  }, [size.width, direction, layout, root, setCamera]);

  // The focused card stays in view (keyboard moves); a member found by search is centred.
  const focusedItem = focusedKey === null ? undefined : layout.byKey.get(focusedKey);
  const centred = useRef<number | null>(null);
  useEffect(() => {
    if (focusedItem === undefined || size.width === 0) return;
    const rect = cardRect(layout, focusedItem);
    // A card focused by the pointer (pressed to drag, or clicked) is where the user is looking: no jump.
    const byPointer = pointerDown.current && reveal?.status !== 'loading';
    const found =
      reveal?.status === 'shown' && focusedItem.row.kind === 'node' && focusedItem.row.node.id === reveal.id;
    // Centred when found, and again while the pages of its line arrive (they move it sideways).
    if (found && (centred.current !== reveal.id || loadingPages)) {
      centred.current = reveal.id;
      setCamera((current) => centreOn(current, rect, size.width, size.height));
    } else if (!byPointer) setCamera((current) => keepInView(current, rect, size.width, size.height));
    // The camera follows the focus only when the focus moves, not when the camera does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusedKey, focusedItem?.x, focusedItem?.y, reveal, loadingPages, size.width, size.height]);

  // Roving tab stop: while the tree has the keyboard, the DOM focus follows the machine's focused card.
  const hasFocus = useRef(false);
  useEffect(() => {
    const container = treeRef.current;
    if (container === null || focusedKey === null) return;
    const active = document.activeElement;
    const lost = hasFocus.current && (active === null || active === document.body);
    const found = reveal?.status === 'shown' && centred.current === reveal.id;
    if (!container.contains(active) && !lost && !found) return;
    const element = document.getElementById(`${idPrefix}${focusedKey}`);
    if (element !== null && element !== document.activeElement) element.focus({ preventScroll: true });
  }, [focusedKey, idPrefix, reveal]);

  const rect = worldRect(camera, size.width, size.height, MARGIN);
  const visible = size.width === 0 ? [] : visibleItems(layout, rect);
  if (focusedItem !== undefined && !visible.includes(focusedItem)) visible.push(focusedItem);
  const compact = camera.scale < COMPACT_BELOW_SCALE || visible.length > COMPACT_ABOVE;
  const lines = size.width === 0 ? '' : connectorPath(layout, rect);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, row: TreeRow) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const pan = PAN_KEYS[event.key];
    if (event.shiftKey && pan !== undefined) {
      event.preventDefault();
      setCamera((current) => ({ ...current, x: current.x + pan[0], y: current.y + pan[1] }));
      return;
    }
    const move = KEY_EVENTS[event.key]?.(row);
    if (move !== undefined && move !== null) {
      event.preventDefault();
      actor.send(move);
    } else if (event.key === 'Enter' || (event.key === ' ' && row.kind === 'more')) {
      event.preventDefault();
      if (row.kind === 'more') actor.send({ type: 'node.loadMore', id: row.parentId });
      else void navigate(distributorPath(row.node.id));
    }
  };

  const controls: CanvasControls = {
    zoomIn: () => zoomBy(ZOOM_STEP),
    zoomOut: () => zoomBy(1 / ZOOM_STEP),
    fit: () => setCamera(fitCamera(layout.bounds, size.width, size.height)),
    reset: () => setCamera(home()),
    pan: (dx, dy) => setCamera((current) => ({ ...current, x: current.x + dx, y: current.y + dy })),
  };

  return (
    <>
      {renderControls(controls)}
      <div
        className={`gchart__canvas gchart__canvas--${direction}`}
        ref={canvasRef}
        data-scale={camera.scale.toFixed(2)}
        {...handlers}
      >
        <div
          ref={treeRef}
          role="tree"
          aria-label={t`Genealogy`}
          aria-describedby={`${idPrefix}hint`}
          className="gchart__world"
          style={{
            width: layout.bounds.width,
            height: layout.bounds.height,
            transform: `translate(${camera.x}px, ${camera.y}px) scale(${camera.scale})`,
          }}
          onFocus={() => {
            hasFocus.current = true;
          }}
          onBlur={(event) => {
            const next = event.relatedTarget;
            if (next !== null && !event.currentTarget.contains(next)) hasFocus.current = false;
          }}
        >
          <svg className="gchart__lines" aria-hidden="true" focusable="false" width="1" height="1">
            <path d={lines} />
          </svg>
          {visible.map((item) => {
            const { row } = item;
            const common = {
              id: `${idPrefix}${row.key}`,
              x: item.x,
              y: item.y,
              focused: row.key === focusedKey,
              compact,
              onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => onKeyDown(event, row),
              onFocus: () => {
                if (row.key !== focusedKey) actor.send({ type: 'node.focus', key: row.key });
              },
            };
            return row.kind === 'node' ? (
              <NodeCard
                key={row.key}
                row={row}
                {...common}
                highlighted={reveal?.status === 'shown' && reveal.id === row.node.id}
                onToggle={() => actor.send({ type: 'node.toggle', id: row.node.id })}
              />
            ) : (
              <MoreCard
                key={row.key}
                row={row}
                {...common}
                onActivate={() => actor.send({ type: 'node.loadMore', id: row.parentId })}
              />
            );
          })}
        </div>
      </div>
      <p className="gchart__hint" id={`${idPrefix}hint`}>
        {t`Arrow keys move between distributors, Right or + opens a first line, Left or − closes it, Enter opens the card, Shift+arrows move the view.`}
      </p>
    </>
  );
}

/** The zoom and pan buttons. */
export function CanvasButtons({ controls }: { controls: CanvasControls }) {
  const { t } = useLingui();
  return (
    <div className="gchart__tools" role="toolbar" aria-label={t`Tree view`}>
      <Button variant="secondary" onClick={controls.zoomOut} aria-label={t`Zoom out`}>
        −
      </Button>
      <Button variant="secondary" onClick={controls.zoomIn} aria-label={t`Zoom in`}>
        +
      </Button>
      <Button variant="secondary" onClick={controls.fit}>
        {t`Fit`}
      </Button>
      <Button variant="secondary" onClick={controls.reset}>
        {t`Reset`}
      </Button>
      <span className="gchart__pan">
        <Button variant="secondary" onClick={() => controls.pan(PAN_STEP, 0)} aria-label={t`Move left`}>
          ←
        </Button>
        <Button variant="secondary" onClick={() => controls.pan(0, PAN_STEP)} aria-label={t`Move up`}>
          ↑
        </Button>
        <Button variant="secondary" onClick={() => controls.pan(0, -PAN_STEP)} aria-label={t`Move down`}>
          ↓
        </Button>
        <Button variant="secondary" onClick={() => controls.pan(-PAN_STEP, 0)} aria-label={t`Move right`}>
          →
        </Button>
      </span>
    </div>
  );
}
