import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  selectFocusedKey,
  selectPhase,
  selectRootError,
  selectTree,
} from '../../../machines/genealogy/genealogy.selectors.ts';
import type {
  GenealogyEvent,
  MoreRow,
  NodeRow,
  TreeRow,
} from '../../../machines/genealogy/genealogy.types.ts';
import { formatNumber, formatPoints } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { Skeleton, Spinner } from '../../ui/spinner.tsx';
import { RANK_NAMES, treeErrorMessage, VOLUME_CODES } from './network-labels.ts';
import { distributorPath, treePath } from './network-paths.ts';
import {
  keptScroll,
  rememberScroll,
  useGenealogy,
  type GenealogyActor,
  type LoadChildren,
} from './use-genealogy.ts';
import { useVirtualWindow } from './use-virtual-window.ts';

/** Every row of the tree is this tall (CSS `--genealogy-row`), which keeps the windowing exact. */
export const TREE_ROW_HEIGHT = 56;

/** Keys of the WAI-ARIA tree pattern and the machine event each one sends. */
const KEY_EVENTS: Record<string, GenealogyEvent> = {
  ArrowDown: { type: 'nav.next' },
  ArrowUp: { type: 'nav.prev' },
  Home: { type: 'nav.first' },
  End: { type: 'nav.last' },
  ArrowRight: { type: 'nav.right' },
  ArrowLeft: { type: 'nav.left' },
};

export interface GenealogyTreeProps {
  /** Who is looking (the kept tree belongs to them). */
  viewerId: number | null;
  /** The distributor the tree starts from; `null` is the viewer. */
  rootId: number | null;
  /** Replaces the API (tests). */
  loadChildren?: LoadChildren;
}

/**
 * The genealogy as a WAI-ARIA tree over a virtualised flat list: only the rows in view (and the focused one) are in
 * the DOM. The machine (`machines/genealogy`) decides what is open, loaded and focused; this view renders its rows
 * and turns keys and clicks into its events. Enter opens the focused distributor's card.
 */
export function GenealogyTree({ viewerId, rootId, loadChildren }: GenealogyTreeProps) {
  const { t } = useLingui();
  const { actor, key } = useGenealogy(viewerId, rootId, loadChildren === undefined ? {} : { loadChildren });
  const phase = useSelector(actor, selectPhase);
  const rootError = useSelector(actor, selectRootError);

  if (phase === 'loading') {
    return (
      <div className="genealogy genealogy--loading" aria-busy="true">
        <Spinner label={t`Loading the genealogy…`} />
        <Skeleton lines={6} />
      </div>
    );
  }
  if (phase === 'failed') {
    return (
      <div className="genealogy-error" role="alert">
        <p>{t(treeErrorMessage(rootError))}</p>
        <Button variant="secondary" onClick={() => actor.send({ type: 'root.retry' })}>
          {t`Try again`}
        </Button>
      </div>
    );
  }
  return <TreeView actor={actor} treeKey={key} rootId={rootId} />;
}

interface TreeViewProps {
  actor: GenealogyActor;
  /** The kept tree's key (for its scroll position). */
  treeKey: string;
  rootId: number | null;
}

function TreeView({ actor, treeKey, rootId }: TreeViewProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const idPrefix = useId();
  const tree = useSelector(actor, selectTree);
  const focusedKey = useSelector(actor, selectFocusedKey);
  const viewportRef = useRef<HTMLDivElement>(null);
  const treeRef = useRef<HTMLDivElement>(null);
  const { rows } = tree;
  const focusedIndex = focusedKey === null ? undefined : tree.index.get(focusedKey);
  const { start, end, totalHeight, reveal, setScrollTop } = useVirtualWindow({
    viewportRef,
    count: rows.length,
    rowHeight: TREE_ROW_HEIGHT,
  });

  // Back from a distributor's card: the scroll position the tree was left at.
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    const top = keptScroll(treeKey);
    if (top > 0) setScrollTop(top);
    return () => rememberScroll(treeKey, viewport?.scrollTop ?? 0);
  }, [treeKey, setScrollTop]);

  // Roving tab stop: while the tree has the keyboard, the DOM focus follows the machine's focused row. The focus
  // counts as still inside when the focused row left the DOM (a "show more" row that scrolled out after its load).
  const hasFocus = useRef(false);
  useEffect(() => {
    const container = treeRef.current;
    if (container === null || focusedKey === null || focusedIndex === undefined) return;
    const active = document.activeElement;
    const lostWithRow = hasFocus.current && (active === null || active === document.body);
    if (!container.contains(active) && !lostWithRow) return;
    reveal(focusedIndex);
    const element = document.getElementById(`${idPrefix}${focusedKey}`);
    if (element !== null && element !== document.activeElement) element.focus({ preventScroll: true });
  }, [focusedKey, focusedIndex, idPrefix, reveal]);

  const activate = (row: TreeRow) => {
    if (row.kind === 'more') actor.send({ type: 'node.loadMore', id: row.parentId });
    else void navigate(distributorPath(row.node.id));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, row: TreeRow) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const move = KEY_EVENTS[event.key];
    if (move !== undefined) {
      event.preventDefault();
      actor.send(move);
    } else if (event.key === 'Enter' || (event.key === ' ' && row.kind === 'more')) {
      event.preventDefault();
      activate(row);
    }
  };

  // The rows in the window, plus the focused row wherever it is, so the tab stop is always in the DOM.
  const indices: number[] = [];
  for (let i = start; i < end; i++) indices.push(i);
  if (focusedIndex !== undefined && (focusedIndex < start || focusedIndex >= end)) {
    indices.push(focusedIndex);
    indices.sort((a, b) => a - b);
  }
  const root = rows[0];

  return (
    <div className="genealogy">
      {rootId !== null && root?.kind === 'node' ? <RootBar root={root} /> : null}
      <p className="genealogy__hint" id={`${idPrefix}hint`}>
        {t`Arrow keys move through the tree, Right opens a distributor's first line, Left closes it, Enter opens the card.`}
      </p>
      <div className="genealogy__viewport" ref={viewportRef}>
        <div
          ref={treeRef}
          role="tree"
          aria-label={t`Genealogy`}
          aria-describedby={`${idPrefix}hint`}
          className="genealogy__tree"
          style={{ height: totalHeight }}
          onFocus={() => {
            hasFocus.current = true;
          }}
          onBlur={(event) => {
            const next = event.relatedTarget;
            if (next !== null && !event.currentTarget.contains(next)) hasFocus.current = false;
          }}
        >
          {indices.map((index) => {
            const row = rows[index];
            if (row === undefined) return null;
            const common = {
              id: `${idPrefix}${row.key}`,
              top: index * TREE_ROW_HEIGHT,
              focused: row.key === focusedKey,
              onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => onKeyDown(event, row),
              onFocus: () => {
                if (row.key !== focusedKey) actor.send({ type: 'node.focus', key: row.key });
              },
            };
            return row.kind === 'node' ? (
              <NodeItem
                key={row.key}
                row={row}
                {...common}
                onToggle={() => actor.send({ type: 'node.toggle', id: row.node.id })}
              />
            ) : (
              <MoreItem key={row.key} row={row} {...common} onActivate={() => activate(row)} />
            );
          })}
        </div>
      </div>
    </div>
  );
}

interface ItemProps {
  id: string;
  top: number;
  focused: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onFocus: () => void;
}

function NodeItem({
  row,
  id,
  top,
  focused,
  onKeyDown,
  onFocus,
  onToggle,
}: ItemProps & { row: NodeRow; onToggle: () => void }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { node } = row;
  const { fullName } = node;
  const rank = i18n._(RANK_NAMES[node.rank]);
  const pv = formatPoints(node.volumes.pv, locale);
  const gv = formatPoints(node.volumes.gv, locale);
  const firstLine = node.childrenCount;
  return (
    <div
      id={id}
      role="treeitem"
      aria-level={row.level}
      aria-posinset={row.posinset}
      aria-setsize={row.setsize}
      aria-expanded={row.expandable ? row.expanded : undefined}
      aria-busy={row.busy || undefined}
      aria-label={t`${fullName}, ${rank}, PV ${pv}, GV ${gv}, first line ${firstLine}`}
      aria-selected={focused}
      tabIndex={focused ? 0 : -1}
      className="genealogy__row"
      style={{ top, ['--level' as string]: row.level - 1 }}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onClick={(event) => {
        if (event.target instanceof Element && event.target.closest('a') !== null) return;
        if (row.expandable) onToggle();
      }}
    >
      <span className="genealogy__toggle" aria-hidden="true" data-state={toggleState(row)}>
        {row.busy ? <span className="genealogy__spinner" /> : null}
      </span>
      <span className="genealogy__main">
        <Link to={distributorPath(node.id)} tabIndex={-1} className="genealogy__name">
          {node.fullName}
        </Link>
        <span className="genealogy__meta">
          <span>{rank}</span>
          <span>{`${VOLUME_CODES.pv} ${pv}`}</span>
          <span>{`${VOLUME_CODES.gv} ${gv}`}</span>
          {row.expandable ? <span>{t`First line: ${firstLine}`}</span> : null}
        </span>
      </span>
    </div>
  );
}

const toggleState = (row: NodeRow): string =>
  !row.expandable ? 'leaf' : row.busy ? 'busy' : row.expanded ? 'open' : 'closed';

function MoreItem({
  row,
  id,
  top,
  focused,
  onKeyDown,
  onFocus,
  onActivate,
}: ItemProps & { row: MoreRow; onActivate: () => void }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const shown = formatNumber(row.shown, locale);
  const total = formatNumber(row.total, locale);
  const label = row.busy
    ? t`Loading more distributors…`
    : row.error !== null
      ? `${i18n._(treeErrorMessage(row.error))} ${t`Press Enter to try again.`}`
      : row.total > row.shown
        ? t`Show more (${shown} of ${total} shown)`
        : t`Show more`;
  return (
    <div
      id={id}
      role="treeitem"
      aria-level={row.level}
      aria-busy={row.busy || undefined}
      aria-selected={focused}
      tabIndex={focused ? 0 : -1}
      className={`genealogy__row genealogy__row--more${row.error === null ? '' : ' genealogy__row--error'}`}
      style={{ top, ['--level' as string]: row.level - 1 }}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onClick={onActivate}
    >
      <span className="genealogy__toggle" aria-hidden="true" data-state={row.busy ? 'busy' : 'more'}>
        {row.busy ? <span className="genealogy__spinner" /> : null}
      </span>
      <span className="genealogy__more-label">{label}</span>
    </div>
  );
}

/** Shown when the tree starts from a distributor below the viewer: whose network it is and the way back up. */
function RootBar({ root }: { root: NodeRow }) {
  const { t } = useLingui();
  const { node } = root;
  const { fullName } = node;
  const sponsorRoot = node.level <= 1 || node.sponsorId === null ? null : node.sponsorId;
  return (
    <div className="genealogy__rootbar">
      <p className="genealogy__rootname">{t`Network of ${fullName}`}</p>
      <Link className="genealogy__rootlink" to={treePath(sponsorRoot)}>
        {t`Up one level`}
      </Link>
      {sponsorRoot !== null ? (
        <Link className="genealogy__rootlink" to={treePath(null)}>
          {t`My whole network`}
        </Link>
      ) : null}
    </div>
  );
}
