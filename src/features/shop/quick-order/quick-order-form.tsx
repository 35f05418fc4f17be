/**
 * "Order by code", its inside: the text box where the distributor types or pastes product codes with quantities,
 * each entry as the server read it (a card: the product, its price, PV and stock, or why it cannot be added), the
 * count of what can be added (announced politely), and "Add to bag" (or Ctrl/Cmd+Enter).
 */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, type KeyboardEvent } from 'react';
import type { QuickOrderView } from '#machines/quick-order/quick-order.selectors.ts';
import {
  QUICK_ORDER_TEXT_MAX,
  type QuickOrderEvent,
  type QuickOrderLine,
} from '#machines/quick-order/quick-order.types.ts';
import { useQuickOrder } from '#src/data/quick-order.actors.ts';
import { formatMoney, formatPoints } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Button } from '#src/ui/button.tsx';
import { showSuccessToast } from '#src/ui/toast.ts';
import { PriceView } from '../catalogue/price-view.tsx';
import { localized } from '../catalogue/product-name.ts';
import { QueryError } from '../catalogue/query-error.tsx';
import './quick-order.css';

/** How an entry reads at a glance: it goes in whole, in part, or not at all. */
function toneOf(line: QuickOrderLine): 'ok' | 'partial' | 'refused' {
  if (line.status === 'ok') return 'ok';
  return line.toAdd > 0 ? 'partial' : 'refused';
}

/** What adding the entry does, or why it cannot be added. */
function LineStatus({ line }: { line: QuickOrderLine }) {
  const { t } = useLingui();
  const { toAdd } = line;
  const code = line.code ?? '';
  const quantity = line.quantity ?? '';
  const first = line.duplicateOf ?? '';
  switch (line.status) {
    case 'ok':
      return (
        <>{t({ message: plural(toAdd, { one: 'Will be added: # pc', other: 'Will be added: # pcs' }) })}</>
      );
    case 'short':
      return toAdd > 0 ? (
        <>
          {t({ message: plural(toAdd, { one: 'Only # pc can be added', other: 'Only # pcs can be added' }) })}
        </>
      ) : (
        <>{t`Nothing more can be added: the units available are already in your bag.`}</>
      );
    case 'out_of_stock':
      return <>{t`Out of stock at your warehouse.`}</>;
    case 'inactive':
      return <>{t`No longer sold.`}</>;
    case 'unknown':
      return <>{t`Unknown code: no product has the code ${code}.`}</>;
    case 'unreadable':
      return <>{t`Not a code and a quantity. Write, for example: PF-1024 2`}</>;
    case 'too_many':
      return <>{t`Too many: at most 999 units of one product (asked for ${quantity}).`}</>;
    case 'duplicate':
      return <>{t`Repeats entry ${first}: only that entry counts.`}</>;
    default:
      // A status this version of the app does not know: nothing is added for it.
      return <>{t`Cannot be added.`}</>;
  }
}

/** One entry as a card: what was written, the product it names, and what adding it does. */
function QuickOrderLineCard({ line }: { line: QuickOrderLine }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { product, index, available, inBag } = line;
  const tone = toneOf(line);
  return (
    <li className={`quick-order-line quick-order-line--${tone}`} data-status={line.status}>
      <p className="quick-order-line__entry">
        <span className="quick-order-line__index" aria-hidden="true">
          {index}
        </span>
        <span className="visually-hidden">{t`Entry ${index}:`} </span>
        <code className="quick-order-line__input">{line.input}</code>
      </p>
      {product !== null ? (
        <>
          <p className="quick-order-line__name">{localized(product.name, locale)}</p>
          <dl className="quick-order-line__facts">
            <div>
              <dt>{t`Article`}</dt>
              <dd>{product.sku}</dd>
            </div>
            <div>
              <dt>{t`Price`}</dt>
              <dd>
                <PriceView
                  price={product.price}
                  promoPrice={product.promoPrice}
                  currency={product.currency}
                />
              </dd>
            </div>
            <div>
              <dt>{t`Points (PV)`}</dt>
              <dd>{formatPoints(product.points, locale)}</dd>
            </div>
            <div>
              <dt>{t`Stock`}</dt>
              <dd>{t({ message: plural(available, { one: '# pc', other: '# pcs' }) })}</dd>
            </div>
            {inBag > 0 ? (
              <div>
                <dt>{t`In your bag`}</dt>
                <dd>{t({ message: plural(inBag, { one: '# pc', other: '# pcs' }) })}</dd>
              </div>
            ) : null}
          </dl>
        </>
      ) : null}
      <p className="quick-order-line__status">
        <LineStatus line={line} />
      </p>
    </li>
  );
}

/** What the live region says: the reading in progress, or how many entries can be added. */
function useSummary(view: QuickOrderView): string {
  const { t } = useLingui();
  const { entries, addable } = view.totals;
  switch (view.phase) {
    case 'empty':
      return '';
    case 'checking':
      return t`Checking the codes…`;
    case 'adding':
      return t`Adding to the bag…`;
    default:
      if (view.failure !== null || entries === 0) return '';
      return t`${addable} of ${plural(entries, { one: '# entry', other: '# entries' })} can be added`;
  }
}

/** The form: the text, "Add to bag", the summary and the entries. */
function QuickOrderFields({ view, send }: { view: QuickOrderView; send: (event: QuickOrderEvent) => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const textId = useId();
  const hintId = useId();
  const summary = useSummary(view);
  const { totals } = view;
  const units = totals.units;
  const adding = view.phase === 'adding';
  const buttonDisabled = !view.canAdd || adding;

  const add = () => send({ type: 'add' });
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      add();
    }
  };

  return (
    <div className="quick-order__form">
      <label htmlFor={textId} className="quick-order__label">
        {t`Product codes and quantities`}
      </label>
      <p id={hintId} className="quick-order__hint">
        {t`One product a line, or separated by commas: the code, then the quantity (for example PF-1024 2). Ctrl+Enter (⌘+Enter on a Mac) adds them to the bag.`}
      </p>
      <textarea
        id={textId}
        className="quick-order__text"
        name="codes"
        rows={6}
        value={view.text}
        maxLength={QUICK_ORDER_TEXT_MAX}
        readOnly={!view.editable}
        aria-describedby={hintId}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        onChange={(event) => send({ type: 'text.changed', text: event.target.value })}
        onKeyDown={onKeyDown}
      />
      <div className="quick-order__actions">
        <Button
          className="quick-order__add"
          onClick={add}
          aria-disabled={buttonDisabled || undefined}
          aria-busy={adding || undefined}
        >
          {adding ? t`Adding…` : t`Add to bag`}
        </Button>
        <Button
          variant="ghost"
          onClick={() => send({ type: 'text.changed', text: '' })}
          aria-disabled={view.phase === 'empty' || !view.editable || undefined}
        >
          {t`Clear`}
        </Button>
      </div>
      <p className="quick-order__summary" role="status" aria-live="polite">
        {summary}
      </p>
      {totals.addable > 0 && totals.currency !== null && !view.stale && view.phase !== 'adding' ? (
        <p className="quick-order__totals">
          {t({ message: plural(units, { one: 'To add: # pc', other: 'To add: # pcs' }) })} ·{' '}
          {formatMoney(totals.amount, totals.currency, locale)} ·{' '}
          {t`${formatPoints(totals.points, locale)} PV`}
        </p>
      ) : null}
      {view.failure !== null ? (
        <div className="quick-order__failure">
          <QueryError
            title={
              view.failure.kind === 'resolve'
                ? t`The codes could not be checked.`
                : t`The products could not be added to the bag.`
            }
            error={view.failure.error}
            onRetry={() => send({ type: 'retry' })}
          />
          {view.outcomeUnknown ? (
            <p className="quick-order__note">
              {t`The answer did not arrive, so some products may already be in the bag. Trying again adds nothing twice.`}
            </p>
          ) : null}
        </div>
      ) : null}
      {view.lines.length > 0 ? (
        <ol
          className="quick-order__lines"
          aria-label={t`Entries read`}
          aria-busy={view.stale || adding || undefined}
          data-stale={view.stale || undefined}
        >
          {view.lines.map((line) => (
            <QuickOrderLineCard key={line.index} line={line} />
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/**
 * The inside of "Order by code" (loaded when the panel first opens): runs the order-by-code machine
 * (`machines/quick-order/`), renders its view, and thanks with a toast once products went into the bag.
 */
export function QuickOrderForm() {
  const { t } = useLingui();
  const { view, send, actor } = useQuickOrder();

  useEffect(() => {
    const subscription = actor.on('quickOrder.added', ({ products }) => {
      if (products > 0)
        showSuccessToast(
          t({
            message: plural(products, {
              one: '# product added to the bag',
              other: '# products added to the bag',
            }),
          }),
        );
    });
    return () => subscription.unsubscribe();
  }, [actor, t]);

  return <QuickOrderFields view={view} send={send} />;
}
