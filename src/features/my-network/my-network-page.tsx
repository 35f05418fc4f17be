import { useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router-dom';
import { selectUser } from '../../../machines/auth/auth.selectors.ts';
import { useAuthSelector } from '../../data/auth-context.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { GenealogyTree } from './genealogy-tree.tsx';
import { DownlineList } from './downline-list.tsx';
import { positiveInt } from '../../ui/list-controls.tsx';
import { NetworkExportButton } from './network-export-button.tsx';
import './my-network.css';

type View = 'list' | 'tree';

/** My Network: the downline as a list (search, sort, pages) or as a genealogy tree, and its download. */
export default function MyNetworkPage() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'tree' ? 'tree' : 'list';
  const rootParam = params.get('root');
  const rootId = rootParam === null ? null : positiveInt(rootParam, 0) || null;
  const viewerId = useAuthSelector(selectUser)?.id ?? null;

  const onView = (next: string) => {
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      if (next === 'tree') updated.set('view', 'tree');
      else {
        updated.delete('view');
        updated.delete('root');
      }
      return updated;
    });
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
            content: <GenealogyTree key={rootId ?? 'me'} viewerId={viewerId} rootId={rootId} />,
          },
        ]}
      />
    </>
  );
}
