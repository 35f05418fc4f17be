import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../../ui/coming-soon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Tabs } from '../../ui/tabs.tsx';

export default function MyOrdersPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Orders`} />
      <Tabs
        label={t`Orders by status`}
        items={[
          {
            value: 'current',
            label: t`Current`,
            content: <ComingSoon description={t`Your orders in progress will be listed here.`} />,
          },
          {
            value: 'cancelled',
            label: t`Cancelled`,
            content: <ComingSoon description={t`Your cancelled orders will be listed here.`} />,
          },
          {
            value: 'closed',
            label: t`Closed`,
            content: <ComingSoon description={t`Your completed orders will be listed here.`} />,
          },
        ]}
      />
    </>
  );
}
