import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { selectFileError } from '#machines/downloads/file-download.selectors.ts';
import type { PrintKind } from '#src/data/warehouse-queue.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Button } from '#src/ui/button.tsx';
import { selectPrinting, useOrderPrint } from './print.actors.ts';
import './order-print.css';

/**
 * Download the pick list and the packing slips (PDF, in the interface language) of one order or of a selection.
 * The order page mounts it with the order's id; the bulk bar with the selected ids.
 */
export function OrderPrintButtons({ orderIds, label }: { orderIds: readonly number[]; label?: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const actor = useOrderPrint();
  const printing = useSelector(actor, selectPrinting);
  const error = useSelector(actor, selectFileError);
  const none = orderIds.length === 0;
  const print = (file: PrintKind) =>
    actor.send({ type: 'file.get', file, lang: locale, action: 'download', ids: orderIds });
  return (
    <div className="order-print" role="group" aria-label={label ?? t`Print`}>
      <Button
        variant="secondary"
        disabled={none}
        aria-busy={printing === 'pick-list'}
        onClick={() => print('pick-list')}
      >
        {printing === 'pick-list' ? t`Preparing the pick list…` : t`Pick list (PDF)`}
      </Button>
      <Button
        variant="secondary"
        disabled={none}
        aria-busy={printing === 'packing-slips'}
        onClick={() => print('packing-slips')}
      >
        {printing === 'packing-slips' ? t`Preparing the packing slips…` : t`Packing slips (PDF)`}
      </Button>
      {error === null ? null : (
        <p role="alert" className="order-print__error">
          {t`The file could not be prepared. Try again.`}
        </p>
      )}
    </div>
  );
}
