import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../../ui/coming-soon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

export default function NewOrderPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Products`} />
      <ComingSoon
        description={t`The catalogue (makeup, perfumery, facial care, products with and without points) will be shown here.`}
      />
    </>
  );
}
