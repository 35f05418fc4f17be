import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../../ui/coming-soon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

export default function DocumentsPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Documents`} />
      <ComingSoon
        description={t`The marketing plan, the code of ethics and the qualification programmes will be available to open here.`}
      />
    </>
  );
}
