import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../../ui/coming-soon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

export default function PersonalPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Personal data`} />
      <ComingSoon
        description={t`Your profile, delivery addresses and password change will be available here.`}
      />
    </>
  );
}
