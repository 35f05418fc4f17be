import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../../ui/coming-soon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

export default function ShoppingBagPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Shopping Bag`} />
      <ComingSoon
        description={t`The products in your bag and the checkout (pickup or delivery, payment) will be here.`}
      />
    </>
  );
}
