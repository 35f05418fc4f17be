import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { useNetworkLine } from '../../data/network.ts';
import { treePath } from './network-paths.ts';

/**
 * The way from the viewer down to the tree's current root (`GET /users/my-network/{id}/path`): each step leads to
 * the tree started there; the current root is the last, unlinked.
 */
export function GenealogyBreadcrumb({ rootId }: { rootId: number | null }) {
  const { t } = useLingui();
  const line = useNetworkLine(rootId);
  const steps = rootId === null ? [] : (line.data ?? []).slice(1);
  return (
    <nav className="gchart__crumbs" aria-label={t`From me to the tree's start`}>
      <ol>
        <li>
          {rootId === null ? (
            <span aria-current="page">{t`My network`}</span>
          ) : (
            <Link to={treePath(null)}>{t`My network`}</Link>
          )}
        </li>
        {steps.map((node, index) => (
          <li key={node.id}>
            {index === steps.length - 1 ? (
              <span aria-current="page" className="truncate" title={node.fullName}>
                {node.fullName}
              </span>
            ) : (
              <Link to={treePath(node.id)} className="truncate" title={node.fullName}>
                {node.fullName}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
