import { useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router-dom';
import { selectUser } from '#machines/auth/auth.selectors.ts';
import { useAuthSelector } from '../../session/auth-context.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { GenealogyChart } from './genealogy-chart.tsx';
import { DownlineList } from './downline-list.tsx';
import { positiveInt } from '../../ui/list-controls.tsx';
import { NetworkExportButton } from './network-export-button.tsx';
import { isTreeView, treeRootOf } from './downline-params.ts';
import './my-network.css';

type View = 'list' | 'tree';

/**
 * My Network: the downline as a list (search, sort, pages, attention filter; the accessible alternative) or as the
 * drawn genealogy tree (`?view=tree&root=<id>&reveal=<id>`), and its download.
 */
export default function MyNetworkPage() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const view: View = isTreeView(params) ? 'tree' : 'list';
  const rootId = treeRootOf(params);
  const revealParam = params.get('reveal');
  const revealId = revealParam === null ? null : positiveInt(revealParam, 0) || null;
  const viewerId = useAuthSelector(selectUser)?.id ?? null;

  const onView = (next: string) => {
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      if (next === 'tree') updated.set('view', 'tree');
      else {
        updated.delete('view');
        updated.delete('root');
        updated.delete('reveal');
      }
      return updated;
    });
  };

  /** The member found by search stays in the URL (reload shows them again); no new history entry. */
  const onReveal = (id: number) => {
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        updated.set('reveal', String(id));
        return updated;
      },
      { replace: true },
    );
  };

  return (
    <>
      <PageHeader title={t`My Network`} subtitle={t`My Distributors`} actions={<NetworkExportButton />} />
      <Tabs
        label={t`How to show the network`}
        value={view}
        onValueChange={onView}
        items={[
          { value: 'list', label: t`List`, content: <DownlineList /> },
          {
            value: 'tree',
            label: t`Tree`,
            content: (
              <GenealogyChart
                key={rootId ?? 'me'}
                viewerId={viewerId}
                rootId={rootId}
                revealId={revealId}
                onReveal={onReveal}
              />
            ),
          },
        ]}
      />
    </>
  );
}
