import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useId, useState } from 'react';
import { Spinner } from '#src/ui/spinner.tsx';
import './quick-order.css';

/** The form, its machine and the entry cards load when the panel first opens: the catalogue's first screen stays light. */
const QuickOrderForm = lazy(() =>
  import('./quick-order-form.tsx').then((module) => ({ default: module.QuickOrderForm })),
);

export interface QuickOrderPanelProps {
  /** Shown open at first (the empty bag); else the distributor opens it. */
  defaultOpen?: boolean;
}

/**
 * "Order by code": a disclosure with a text box where the distributor types or pastes product codes with
 * quantities (as from a paper order form). Each entry is read by the server as they type (the order-by-code machine,
 * `machines/quick-order/`, run by `QuickOrderForm`) and "Add to bag" (or Ctrl/Cmd+Enter) puts every entry that can be
 * added into the bag at once; the entries left out stay in the text to be fixed.
 */
export function QuickOrderPanel({ defaultOpen = false }: QuickOrderPanelProps) {
  const { t } = useLingui();
  const id = useId();
  const [open, setOpen] = useState(defaultOpen);
  // Once opened the form stays (hidden when closed), so closing and opening again keeps the text.
  const [opened, setOpened] = useState(defaultOpen);

  return (
    <section className="quick-order" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="quick-order__title">
        <button
          type="button"
          className="quick-order__toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => {
            setOpen(!open);
            setOpened(true);
          }}
        >
          <svg
            className="quick-order__chevron"
            viewBox="0 0 16 16"
            width="16"
            height="16"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M5 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          {t`Order by code`}
        </button>
      </h2>
      <div id={`${id}-body`} className="quick-order__body" hidden={!open}>
        {opened ? (
          <Suspense fallback={<Spinner label={t`Loading…`} />}>
            <QuickOrderForm />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
