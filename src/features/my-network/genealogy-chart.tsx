import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  selectFocusedKey,
  selectPhase,
  selectReveal,
  selectRootError,
  selectTree,
} from '#machines/genealogy/genealogy.selectors.ts';
import { findRow } from '#machines/genealogy/genealogy.tree.rules.ts';
import { Button } from '../../ui/button.tsx';
import { Skeleton, Spinner } from '../../ui/spinner.tsx';
import type { GenealogyDeps } from './genealogy.actors.ts';
import { GenealogyBreadcrumb } from './genealogy-breadcrumb.tsx';
import { CanvasButtons, GenealogyCanvas } from './genealogy-canvas.tsx';
import { GenealogySearch } from './genealogy-search.tsx';
import { treeErrorMessage } from './network-labels.ts';
import { distributorPath, treePath } from './network-paths.ts';
import { useGenealogy, type GenealogyActor } from './use-genealogy.ts';

export interface GenealogyChartProps {
  /** Who is looking (the kept tree belongs to them). */
  viewerId: number | null;
  /** The distributor the tree starts from; `null` is the viewer. */
  rootId: number | null;
  /** A member to show (the search's result, from the URL). */
  revealId: number | null;
  /** A member is shown: puts them in the URL (the page decides how). */
  onReveal: (id: number) => void;
  /** Replace the API (tests). */
  deps?: Partial<GenealogyDeps>;
}

/**
 * My Network's drawn tree: the search that reveals a member's line, the way from the viewer to the current root,
 * the canvas with its zoom and pan controls, and what can be done with the focused member (open the card, show
 * the tree from them).
 */
export function GenealogyChart({ viewerId, rootId, revealId, onReveal, deps }: GenealogyChartProps) {
  const { t } = useLingui();
  const { actor } = useGenealogy(viewerId, rootId, deps, revealId);
  const phase = useSelector(actor, selectPhase);
  const rootError = useSelector(actor, selectRootError);
  if (phase === 'loading') {
    return (
      <div className="gchart gchart--loading" aria-busy="true">
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
  return <ChartView actor={actor} rootId={rootId} revealId={revealId} onReveal={onReveal} />;
}

function ChartView({
  actor,
  rootId,
  revealId,
  onReveal,
}: {
  actor: GenealogyActor;
  rootId: number | null;
  revealId: number | null;
  onReveal: (id: number) => void;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const reveal = useSelector(actor, selectReveal);
  const tree = useSelector(actor, selectTree);
  const focusedKey = useSelector(actor, selectFocusedKey);
  const focused = findRow(tree, focusedKey);
  const rootNodeId = tree.rows[0]?.kind === 'node' ? tree.rows[0].node.id : null;

  // A member shown goes into the URL (reload shows them again); one outside the current root's subtree starts the
  // tree from the viewer again (a new history entry: Back returns to this root).
  useEffect(() => {
    if (reveal?.status === 'shown' && reveal.id !== revealId) onReveal(reveal.id);
    if (reveal?.status === 'outside') void navigate(treePath(null, reveal.id));
  }, [reveal, revealId, onReveal, navigate]);

  const revealMember = (id: number) => actor.send({ type: 'path.reveal', id });

  let status = '';
  if (reveal?.status === 'loading') status = t`Finding the distributor in the tree…`;
  else if (reveal?.status === 'failed') status = i18n._(treeErrorMessage(reveal.error));
  const member = focused?.kind === 'node' ? focused.node : null;
  const memberName = member?.fullName ?? '';

  return (
    <div className="gchart">
      <GenealogyBreadcrumb rootId={rootId} />
      <GenealogySearch onChoose={revealMember} />
      <p className="gchart__status" role="status">
        {status}
      </p>
      <GenealogyCanvas
        actor={actor}
        renderControls={(controls) => (
          <div className="gchart__bar">
            <CanvasButtons controls={controls} />
            {member === null ? null : (
              <div className="gchart__selected" aria-label={t`Selected: ${memberName}`} role="group">
                <span className="gchart__selected-name truncate" title={memberName}>
                  {memberName}
                </span>
                <Link className="button button--secondary" to={distributorPath(member.id)}>
                  {t`Open the card`}
                </Link>
                {member.id !== rootNodeId && member.childrenCount > 0 ? (
                  <Link className="button button--secondary" to={treePath(member.id)}>
                    {t`Show the tree from here`}
                  </Link>
                ) : null}
              </div>
            )}
          </div>
        )}
      />
    </div>
  );
}
