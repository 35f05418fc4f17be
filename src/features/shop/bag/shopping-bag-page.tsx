import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { selectIsDistributor, selectUser } from '#machines/auth/auth.selectors.ts';
import { selectCheckoutView } from '#machines/checkout/checkout.selectors.ts';
import type { Address, CheckoutEvent, PendingSubmission } from '#machines/checkout/checkout.types.ts';
import { useAuthSelector } from '#src/session/auth-context.tsx';
import { PATHS } from '#src/ui/paths.ts';
import { type OrderParams, useAddresses, useOrderParams } from '#src/data/account.ts';
import { type Cart, useCart } from '#src/data/bag.ts';
import { useMyInfo } from '#src/data/business.ts';
import { i18n, normalizeLocale } from '#src/i18n/i18n.ts';
import { Button, buttonClassName } from '#src/ui/button.tsx';
import { EmptyState } from '#src/ui/empty-state.tsx';
import { PageHeader } from '#src/ui/page-header.tsx';
import { Skeleton, Spinner } from '#src/ui/spinner.tsx';
import { useInBrowser } from '#src/ui/use-in-browser.ts';
import { afterFirstScreen, firstScreenPainted } from '#src/platform/first-screen.ts';
import { QuickOrderPanel } from '../quick-order/quick-order-panel.tsx';
import { BagLines } from './bag-lines.tsx';
import { BagTotals, VolumeEffect } from './bag-summary.tsx';
import { pendingStore, provideCheckoutActors } from './checkout.actors.ts';
import { useCheckoutHistory, useHistoryPlace } from './use-checkout-history.ts';
import '#src/ui/auth-form.css';
import './shopping-bag.css';

/** The checkout's steps (forms, schemas) load only once the checkout starts: the bag alone stays light. */
const CheckoutPanel = lazy(() =>
  import('./checkout-panel.tsx').then((module) => ({ default: module.CheckoutPanel })),
);

interface BagScreenProps {
  cart: Cart;
  addresses: readonly Address[];
  params: OrderParams;
  userId: number;
  emailConfirmed: boolean;
  /** A submission a reload interrupted, which the checkout resumes (`pendingStore`). */
  pending: PendingSubmission | null;
}

function BagScreen({ cart, addresses, params, userId, emailConfirmed, pending }: BagScreenProps) {
  const { t } = useLingui();
  const isDistributor = useAuthSelector(selectIsDistributor);
  const myInfo = useMyInfo({ enabled: isDistributor });

  const queryClient = useQueryClient();
  const logic = useMemo(
    () => provideCheckoutActors({ userId, locale: normalizeLocale(i18n.locale), queryClient }),
    [userId, queryClient],
  );
  const actorRef = useActorRef(logic, {
    input: {
      itemCount: cart.totals.itemCount,
      emailConfirmed,
      addresses,
      pickupPoints: params.pickupPoints,
      pending,
    },
  });
  const view = useSelector(actorRef, selectCheckoutView);
  const send = useCallback((event: CheckoutEvent) => actorRef.send(event), [actorRef]);

  const itemCount = cart.totals.itemCount;
  useEffect(() => {
    actorRef.send({ type: 'bag.changed', itemCount });
  }, [actorRef, itemCount]);
  useCheckoutHistory(view, send);
  const urlPlace = useHistoryPlace();

  const hasLines = cart.items.length > 0;
  // After the placed order's summary, the bag is the bag again: empty.
  const summaryLeft = view.step === 'placed' && urlPlace !== 'placed';
  const empty = !hasLines && (view.step === 'bag' || summaryLeft);

  // The checkout replaces the bag: one step on screen, its stepper on top (docs/adr/0029-checkout.md).
  const inCheckout = view.step !== 'bag' && !empty;
  // Order by code stays in one place whether the bag is empty or not, so filling an empty bag keeps its text.
  return (
    <div className="bag-page">
      <PageHeader title={inCheckout ? t`Checkout` : t`Shopping Bag`} />
      {empty ? (
        <EmptyState
          title={t`Your bag is empty`}
          description={t`Add products from the catalogue to place an order.`}
        >
          <Link to={PATHS.newOrder} className={buttonClassName('primary')}>
            {t`Go to products`}
          </Link>
        </EmptyState>
      ) : null}
      {empty || (view.step === 'bag' && view.bagEditable) ? <QuickOrderPanel defaultOpen={empty} /> : null}
      {hasLines && !inCheckout ? (
        <div className="bag-layout">
          <section className="bag-card bag-layout__lines" aria-labelledby="bag-lines-title">
            <h2 id="bag-lines-title" className="bag-card__title">
              {t`Products in the bag`}
            </h2>
            {view.bagEditable ? null : (
              <p className="bag-card__note">{t`The bag cannot be changed during checkout; cancel the checkout to change it.`}</p>
            )}
            <BagLines items={cart.items} currency={cart.currency} editable={view.bagEditable} />
          </section>
          <div className="bag-layout__side">
            <BagTotals totals={cart.totals} currency={cart.currency} />
            {isDistributor ? (
              <VolumeEffect
                bagPoints={cart.totals.points}
                myInfo={myInfo.data}
                loading={myInfo.isPending}
                failed={myInfo.isError}
              />
            ) : null}
            {view.step === 'bag' ? (
              <Button
                className="bag-layout__checkout"
                disabled={!view.canStart}
                onClick={() => send({ type: 'checkout.start' })}
              >
                {t`Proceed to checkout`}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      {view.step === 'bag' || empty ? null : (
        <Suspense fallback={<Spinner label={t`Loading the checkout…`} />}>
          <CheckoutPanel view={view} send={send} params={params} totals={cart.totals} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The checkout's submission still pending in this tab's storage, read once. The server cannot see it: the browser
 * taking the server's bag over hydrates with none (as the server rendered it), and reads it once the whole first
 * screen is hydrated and painted (`afterFirstScreen`): resumed earlier, the order it places would change the bag
 * while parts of the page (the header's count) were still hydrating from the server's HTML, which then no longer
 * matches. A reload in the middle of placing an order thus shows the bag a moment before the checkout goes on; a
 * bag the browser renders itself reads it at once (docs/adr/0151-the-last-screens-rendered-by-the-server.md).
 */
function usePendingSubmission(userId: number | null): PendingSubmission | null {
  const inBrowser = useInBrowser();
  const [takingOver] = useState(!inBrowser);
  const [settled, setSettled] = useState(() => !takingOver || firstScreenPainted());
  useEffect(() => {
    if (settled) return;
    let active = true;
    void afterFirstScreen().then(() => {
      if (active) setSettled(true);
    });
    return () => {
      active = false;
    };
  }, [settled]);
  const [read, setRead] = useState<PendingSubmission | null | undefined>(undefined);
  // Read in render once it may be (React's pattern for state derived from a change), so it is read only once.
  if (read === undefined && inBrowser && settled && userId !== null) setRead(pendingStore.read(userId));
  return read ?? null;
}

/**
 * `/shopping-bag`: the bag's lines, totals and volume effect; the guided checkout (the checkout machine) replaces
 * them step by step (`?checkout=<step>` in the history), then the placed order's summary.
 */
export default function ShoppingBagPage() {
  const { t } = useLingui();
  const user = useAuthSelector(selectUser);
  const pending = usePendingSubmission(user?.id ?? null);
  const cart = useCart();
  const addresses = useAddresses();
  const params = useOrderParams();

  let content;
  const header = <PageHeader title={t`Shopping Bag`} />;
  if (cart.isError || addresses.isError || params.isError) {
    content = (
      <>
        {header}
        <EmptyState
          title={t`The bag could not be loaded`}
          description={t`Check your connection and try again.`}
        >
          <Button
            onClick={() => {
              void cart.refetch();
              void addresses.refetch();
              void params.refetch();
            }}
          >
            {t`Try again`}
          </Button>
        </EmptyState>
      </>
    );
  } else if (
    cart.data === undefined ||
    addresses.data === undefined ||
    params.data === undefined ||
    user === null
  ) {
    content = (
      <>
        {header}
        <div aria-busy="true">
          <Spinner label={t`Loading the bag…`} />
          <Skeleton lines={4} />
        </div>
      </>
    );
  } else {
    content = (
      <BagScreen
        // A submission found once the app has taken over the server's bag starts the checkout afresh, resuming it.
        key={pending === null ? 'bag' : 'resumed'}
        pending={pending}
        cart={cart.data}
        addresses={addresses.data}
        params={params.data}
        userId={user.id}
        emailConfirmed={user.emailConfirmed}
      />
    );
  }
  return content;
}
