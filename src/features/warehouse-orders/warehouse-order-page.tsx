import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router-dom';
import { ComingSoon } from '../../ui/coming-soon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

export default function WarehouseOrderPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader title={t`Warehouse order`} subtitle={t`Warehouse orders · No. ${id}`} />
      <ComingSoon
        description={t`The order's lines and the warehouse actions (confirm, modify, reject, prepare, send to 1C) will be available here.`}
      />
    </>
  );
}
