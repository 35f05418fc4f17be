import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router-dom';
import { ComingSoon } from '../../ui/coming-soon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

export default function ClientPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader title={t`Client`} subtitle={t`Client base · No. ${id}`} />
      <ComingSoon description={t`This client's contacts and orders will be shown here.`} />
    </>
  );
}
