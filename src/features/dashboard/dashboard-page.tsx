import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../../ui/coming-soon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

export default function DashboardPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Main`} />
      <ComingSoon
        description={t`Your volumes, bonuses and qualification progress for the current period will be shown here.`}
      />
    </>
  );
}
