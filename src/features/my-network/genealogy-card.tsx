import { useLingui } from '@lingui/react/macro';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { MoreRow, NodeRow } from '#machines/genealogy/genealogy.types.ts';
import { formatNumber, formatPoints } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { RANK_NAMES, treeErrorMessage, VOLUME_CODES } from './network-labels.ts';
import { distributorPath } from './network-paths.ts';

export interface CardProps {
  id: string;
  x: number;
  y: number;
  focused: boolean;
  /** Few elements per card when many are in view (zoomed out): the name only. */
  compact: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onFocus: () => void;
}

/**
 * A distributor on the drawn tree: a card with the name (truncated, the full name in its title and label), the
 * rank's colour and name, PV and GV badges, and a toggle with the first line's size. A treeitem of the tree.
 */
export function NodeCard({
  row,
  id,
  x,
  y,
  focused,
  compact,
  highlighted,
  onKeyDown,
  onFocus,
  onToggle,
}: CardProps & { row: NodeRow; highlighted: boolean; onToggle: () => void }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { node } = row;
  const { fullName } = node;
  const rank = i18n._(RANK_NAMES[node.rank]);
  const pv = formatPoints(node.volumes.pv, locale);
  const gv = formatPoints(node.volumes.gv, locale);
  const firstLine = node.childrenCount;
  const count = formatNumber(firstLine, locale);
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
      aria-current={highlighted || undefined}
      tabIndex={focused ? 0 : -1}
      className={`gcard${compact ? ' gcard--compact' : ''}${highlighted ? ' gcard--found' : ''}`}
      data-rank={node.rank}
      data-node={node.id}
      title={fullName}
      style={{ transform: `translate(${x}px, ${y}px)` }}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
    >
      {compact ? (
        fullName
      ) : (
        <>
          <Link to={distributorPath(node.id)} tabIndex={-1} className="gcard__name">
            {fullName}
          </Link>
          <span className="gcard__rank">{rank}</span>
          <span className="gcard__badge">{`${VOLUME_CODES.pv} ${pv}`}</span>
          <span className="gcard__badge">{`${VOLUME_CODES.gv} ${gv}`}</span>
          {row.expandable ? (
            <span
              className="gcard__toggle"
              aria-hidden="true"
              data-state={row.busy ? 'busy' : row.expanded ? 'open' : 'closed'}
              onClick={onToggle}
            >
              {row.expanded ? '−' : `+${count}`}
            </span>
          ) : null}
        </>
      )}
    </div>
  );
}

/** The "show more" card after a node's loaded children: how many are shown, activating loads the next page. */
export function MoreCard({
  row,
  id,
  x,
  y,
  focused,
  onKeyDown,
  onFocus,
  onActivate,
}: CardProps & { row: MoreRow; onActivate: () => void }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const shown = formatNumber(row.shown, locale);
  const total = formatNumber(row.total, locale);
  const rest = formatNumber(Math.max(row.total - row.shown, 0), locale);
  const label = row.busy
    ? t`Loading more distributors…`
    : row.error !== null
      ? `${i18n._(treeErrorMessage(row.error))} ${t`Press Enter to try again.`}`
      : t`Show more: ${rest} left (${shown} of ${total} shown)`;
  return (
    <div
      id={id}
      role="treeitem"
      aria-level={row.level}
      aria-busy={row.busy || undefined}
      aria-selected={focused}
      tabIndex={focused ? 0 : -1}
      className={`gcard gcard--more${row.error === null ? '' : ' gcard--error'}`}
      style={{ transform: `translate(${x}px, ${y}px)` }}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onClick={onActivate}
    >
      {label}
    </div>
  );
}
