import { useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '#src/ui/page-header.tsx';
import { Tabs } from '#src/ui/tabs.tsx';
import { TAB_LABELS } from './list-messages.ts';
import { OrdersList } from './list-orders.tsx';
import { USER_ORDER_TABS, type UserOrderTab } from '#src/data/orders.ts';
import { pageOf, tabOf } from './my-orders-params.ts';
import './list.css';

/** `/my-orders`: the distributor's orders in tabs Current, Cancelled, Closed (`?tab=&page=` keep the place). */
export default function MyOrdersPage() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const page = pageOf(params.get('page'));
  const go = (nextTab: UserOrderTab, nextPage: number) => {
    const next = new URLSearchParams();
    if (nextTab !== 'current') next.set('tab', nextTab);
    if (nextPage > 1) next.set('page', String(nextPage));
    setParams(next);
  };
  return (
    <>
      <PageHeader title={t`Orders`} />
      <Tabs
        label={t`Orders by status`}
        value={tab}
        onValueChange={(value) => go(tabOf(value), 1)}
        items={USER_ORDER_TABS.map((item) => ({
          value: item,
          label: i18n._(TAB_LABELS[item]),
          content:
            item === tab ? <OrdersList tab={item} page={page} onPage={(next) => go(item, next)} /> : null,
        }))}
      />
    </>
  );
}
