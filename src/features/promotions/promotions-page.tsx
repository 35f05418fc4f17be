import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../../ui/coming-soon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

export default function PromotionsPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Promotions and Ratings`} />
      <ComingSoon description={t`Current promotions and the ratings of your network will be shown here.`} />
    </>
  );
}
