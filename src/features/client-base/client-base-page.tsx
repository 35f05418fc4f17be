import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../../ui/coming-soon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

export default function ClientBasePage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Client base`} />
      <ComingSoon description={t`Your clients and their orders will be listed here.`} />
    </>
  );
}
