import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../../ui/coming-soon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

export default function ChartsPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Charts`} subtitle={t`Last 6 months`} />
      <ComingSoon description={t`Charts of your bonuses and closed months will be shown here.`} />
    </>
  );
}
