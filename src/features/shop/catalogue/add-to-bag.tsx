import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { selectAdding } from '#machines/bag/bag.selectors.ts';
import { useBag } from '#src/data/bag.actors.ts';
import { quantityInCart, useCart } from '#src/data/bag.ts';
import type { Product } from '#src/data/catalogue.ts';
import { Button } from '#src/ui/button.tsx';
import { showSuccessToast } from '#src/ui/toast.ts';
import { purchaseOptions } from './product-availability.ts';
import { QuantityStepper } from '#src/ui/quantity-stepper.tsx';
import './catalogue.css';

export interface AddToBagProps {
  product: Product;
  productName: string;
}

/**
 * Quantity and "Add to bag" for one product. The quantity never exceeds what the bag still accepts
 * (`stock − already in the bag`); an out-of-stock product shows why it cannot be added.
 */
export function AddToBag({ product, productName }: AddToBagProps) {
  const { t } = useLingui();
  const reasonId = useId();
  const cart = useCart();
  const bag = useBag();
  const adding = useSelector(bag, selectAdding);
  const [quantity, setQuantity] = useState(1);
  const inBag = quantityInCart(cart.data, product.id);
  const options = purchaseOptions(product, inBag);
  const shown = Math.min(quantity, Math.max(options.maxToAdd, 1));
  const disabled = !options.canAdd || cart.data === undefined;

  useEffect(() => {
    const subscription = bag.on('bag.changed', ({ change }) => {
      const shown = change.kind === 'add' ? change.quantity : 0;
      setQuantity(1);
      showSuccessToast(t`Added to the bag: ${productName} × ${shown}`);
    });
    return () => subscription.unsubscribe();
  }, [bag, t, productName]);

  const submit = () => bag.send({ type: 'bag.add', productId: product.id, quantity: shown });

  return (
    <div className="add-to-bag">
      <div className="add-to-bag__controls">
        <QuantityStepper
          value={shown}
          onChange={setQuantity}
          max={Math.max(options.maxToAdd, 1)}
          label={t`Quantity: ${productName}`}
          disabled={disabled || adding}
          describedBy={options.reason === null ? undefined : reasonId}
        />
        <Button
          className="add-to-bag__button"
          onClick={submit}
          disabled={disabled || adding}
          aria-describedby={options.reason === null ? undefined : reasonId}
          aria-busy={adding || undefined}
        >
          {adding ? t`Adding…` : t`Add to bag`}
          <span className="visually-hidden">: {productName}</span>
        </Button>
      </div>
      {options.reason === 'no_longer_sold' ? (
        <p id={reasonId} className="add-to-bag__reason">
          {t`No longer sold: 1C, where the company keeps its goods, no longer lists this product.`}
        </p>
      ) : null}
      {options.reason === 'out_of_stock' ? (
        <p id={reasonId} className="add-to-bag__reason">
          {t`Out of stock: this product cannot be added to the bag.`}
        </p>
      ) : null}
      {options.reason === 'all_in_bag' ? (
        <p id={reasonId} className="add-to-bag__reason">
          {t`Every available unit is already in your bag.`}
        </p>
      ) : null}
      {inBag > 0 ? <p className="add-to-bag__in-bag">{t`In your bag: ${inBag}`}</p> : null}
    </div>
  );
}
