import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../../ui/coming-soon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

export default function WishlistPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Wishlist`} />
      <ComingSoon description={t`The products you save for later will be listed here.`} />
    </>
  );
}
