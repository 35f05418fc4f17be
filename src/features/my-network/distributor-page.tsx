import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router-dom';
import { ComingSoon } from '../../ui/coming-soon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

export default function DistributorPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader title={t`Distributor`} subtitle={t`My Distributors · No. ${id}`} />
      <ComingSoon
        description={t`This distributor's contacts, rank, volumes, qualifications and recruits will be shown here.`}
      />
    </>
  );
}
