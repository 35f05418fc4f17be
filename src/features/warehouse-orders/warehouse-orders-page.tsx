import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../../ui/coming-soon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Tabs } from '../../ui/tabs.tsx';

export default function WarehouseOrdersPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Warehouse orders`} />
      <Tabs
        label={t`Warehouse orders by status`}
        items={[
          {
            value: 'new',
            label: t`New`,
            content: (
              <ComingSoon description={t`New orders waiting for the warehouse will be listed here.`} />
            ),
          },
          {
            value: 'sent-to-1c',
            label: t`Sent to 1C`,
            content: <ComingSoon description={t`Orders sent to 1C will be listed here.`} />,
          },
          {
            value: 'rejected',
            label: t`Rejected`,
            content: <ComingSoon description={t`Rejected orders will be listed here.`} />,
          },
        ]}
      />
    </>
  );
}
