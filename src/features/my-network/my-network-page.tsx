import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../../ui/coming-soon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

export default function MyNetworkPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`My Network`} subtitle={t`My Distributors`} />
      <ComingSoon
        description={t`The distributors you signed up and their own networks will be listed here.`}
      />
    </>
  );
}
