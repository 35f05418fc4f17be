import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { selectIsAuthenticated, selectIsStarting, selectUser } from '#machines/auth/auth.selectors.ts';
import { selectShopBagLines, selectShopBagTotal } from '#machines/shop-bag/shop-bag.selectors.ts';
import { MAX_LINE_QUANTITY } from '#machines/shop-bag/shop-bag.rules.ts';
import {
  selectIsSigningIn,
  selectIsSigningUp,
  selectIsWaitingForProof,
  selectShopRefusal,
  selectShopSignUpView,
  selectSignInError,
  selectTransferError,
} from '#machines/shop-sign-up/shop-sign-up.selectors.ts';
import { readTokenCookie } from '../../../api/token.ts';
import { authApi } from '../../../data/auth.ts';
import { refreshCart } from '../../../data/bag.ts';
import { shopApi } from '../../../data/shop.ts';
import { signUpApi } from '../../../data/sign-up.ts';
import { formatMoney } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/i18n.ts';
import { useAuthSelector, useAuthSend } from '../../../session/auth-context.tsx';
import { Button, buttonClassName } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PATHS, pathTo } from '../../../ui/paths.ts';
import { QuantityStepper } from '../../../ui/quantity-stepper.tsx';
import { ProofStatus } from '../../../ui/sign-up/proof-status.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { showSuccessToast } from '../../../ui/toast.ts';
import { movedMessage, transferFailureMessage } from './shop-checkout-messages.ts';
import { ShopClientForm } from './shop-client-form.tsx';
import { useInBrowser, useShopBagActor } from './shop-bag-context.ts';
import { ShopFrame } from './shop-frame.tsx';
import { provideShopSignUp } from './shop-sign-up.actors.ts';
import { ShopSignInForm } from './shop-sign-in-form.tsx';
import '../../../ui/auth-form.css';
import '../../../ui/forms/personal.css';

/** The visitor's bag: each line's quantity and its removal, the total at the shop's prices. */
function BagLines() {
  const { t } = useLingui();
  const locale = useLocale();
  const bag = useShopBagActor();
  const lines = useSelector(bag, selectShopBagLines);
  const total = useSelector(bag, selectShopBagTotal);
  const amount = formatMoney(total, lines[0]?.currency ?? 'MDL', locale);
  return (
    <section className="shop-checkout__bag" aria-labelledby="shop-bag-title">
      <h2 id="shop-bag-title">{t`Your bag`}</h2>
      <ul className="shop-checkout__lines">
        {lines.map((line) => {
          const name = line.name[locale];
          return (
            <li key={line.productId} className="shop-checkout__line" data-line={line.productId}>
              <img src={line.imageUrl} alt="" width="56" height="56" className="shop-checkout__image" />
              <div className="shop-checkout__line-text">
                <p className="shop-checkout__name">{name}</p>
                <p className="shop-checkout__price">
                  {formatMoney(line.price * line.quantity, line.currency, locale)}
                </p>
              </div>
              <QuantityStepper
                size="sm"
                value={line.quantity}
                max={MAX_LINE_QUANTITY}
                min={1}
                label={t`Quantity of ${name}`}
                onChange={(quantity) =>
                  bag.send({ type: 'shopBag.set', productId: line.productId, quantity })
                }
              />
              <Button
                variant="ghost"
                onClick={() => bag.send({ type: 'shopBag.remove', productId: line.productId })}
              >
                {t`Remove ${name}`}
              </Button>
            </li>
          );
        })}
      </ul>
      <p className="shop-checkout__total" data-total={total}>
        {t`Total at retail prices: ${amount}`}
      </p>
    </section>
  );
}

/** Who the visitor becomes (a new client, or their account) and the move of the bag into it. */
function Account({ alias }: { alias: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const authSend = useAuthSend();
  const bag = useShopBagActor();
  const queryClient = useQueryClient();
  const authenticated = useAuthSelector(selectIsAuthenticated);
  const email = useAuthSelector(selectUser)?.email ?? '';
  // Whether the visitor came signed in, or signed in here (then the machine, not the session, leads on).
  const [cameSignedIn] = useState(authenticated);
  const logic = useMemo(
    () =>
      provideShopSignUp({
        shop: shopApi,
        signUp: signUpApi,
        auth: authApi,
        signedIn: (token) => authSend({ type: 'auth.token.issued', token }),
        finished: ({ refused, moved }) => {
          if (moved) bag.send({ type: 'shopBag.clear' });
          // The header may have read the account's bag as the session started, before the move: read it again.
          void refreshCart(queryClient);
          showSuccessToast(i18n._(movedMessage(refused.length)));
          void navigate(PATHS.shoppingBag);
        },
      }),
    [authSend, bag, i18n, navigate, queryClient],
  );
  const actor = useActorRef(logic, { input: { alias } });
  const view = useSelector(actor, selectShopSignUpView);
  const sending = useSelector(actor, selectIsSigningUp);
  const waiting = useSelector(actor, selectIsWaitingForProof);
  const signingIn = useSelector(actor, selectIsSigningIn);
  const refusal = useSelector(actor, selectShopRefusal);
  const signInError = useSelector(actor, selectSignInError);
  const transferError = useSelector(actor, selectTransferError);
  const lines = () => bag.getSnapshot().context.lines;

  if (view === 'moving' || view === 'done') return <Spinner label={t`Moving your bag into your account…`} />;
  if (view === 'moveFailed')
    return (
      <div className="shop-checkout__account">
        <p className="notice notice--error" role="alert">
          {i18n._(transferFailureMessage(transferError))}
        </p>
        <div className="auth-card__actions">
          <Button onClick={() => actor.send({ type: 'shopSignUp.retry' })}>{t`Try again`}</Button>
          <Button variant="secondary" onClick={() => actor.send({ type: 'shopSignUp.skip' })}>
            {t`Go on without it`}
          </Button>
        </div>
      </div>
    );
  if (authenticated && cameSignedIn)
    return (
      <div className="shop-checkout__account" data-state="signed-in">
        <p className="auth-card__text">{t`You are signed in as ${email}.`}</p>
        <Button
          onClick={() => {
            const token = readTokenCookie();
            if (token !== null) actor.send({ type: 'shopSignUp.useSession', token, lines: lines() });
          }}
        >
          {t`Put these in my bag and continue`}
        </Button>
      </div>
    );
  return (
    <div className="shop-checkout__account">
      <h2>{view === 'signIn' ? t`Sign in to order` : t`Create an account to order`}</h2>
      <p className="auth-card__text">
        {t`Your order is prepared by your consultant's warehouse: pick it up there or have it delivered, and pay by card or in cash.`}
      </p>
      {view === 'signUp' ? (
        <>
          <ProofStatus actor={actor} onRetry={() => actor.send({ type: 'shopSignUp.retry' })} />
          <ShopClientForm
            sending={sending}
            waitingForProof={waiting}
            refusal={refusal}
            onSubmit={(form) => actor.send({ type: 'shopSignUp.submit', form, lines: lines() })}
          />
          <Button variant="secondary" onClick={() => actor.send({ type: 'shopSignUp.mode', mode: 'signIn' })}>
            {t`I already have an account`}
          </Button>
        </>
      ) : (
        <>
          <ShopSignInForm
            signingIn={signingIn}
            error={signInError}
            onSubmit={(form) => actor.send({ type: 'shopSignUp.signIn', form, lines: lines() })}
          />
          <Button variant="secondary" onClick={() => actor.send({ type: 'shopSignUp.mode', mode: 'signUp' })}>
            {t`I am new here: create an account`}
          </Button>
        </>
      )}
    </div>
  );
}

function Checkout({ alias }: { alias: string }) {
  const { t } = useLingui();
  const inBrowser = useInBrowser();
  const starting = useAuthSelector(selectIsStarting);
  const count = useSelector(useShopBagActor(), (snapshot) => snapshot.context.lines.length);
  const shop = pathTo(PATHS.shop, { alias });
  if (!inBrowser || starting) return <Spinner label={t`Loading…`} />;
  return (
    <>
      <title>{t`Checkout`}</title>
      <h1 className="shop__title">{t`Checkout`}</h1>
      {count === 0 ? (
        <EmptyState title={t`Your bag is empty`} description={t`Add products from the shop first.`}>
          <Link className={buttonClassName('primary')} to={shop}>
            {t`Back to the shop`}
          </Link>
        </EmptyState>
      ) : (
        <div className="shop-checkout">
          <BagLines />
          <Account alias={alias} />
          <Link to={shop}>{t`Back to the shop`}</Link>
        </div>
      )}
    </>
  );
}

/**
 * `/s/{alias}/checkout` (docs/adr/0147-the-storefront-and-client-checkout.md): the visitor's bag, then a short
 * sign-up as the distributor's client (or signing in), after which the bag goes into the account's bag and the
 * guided checkout of /shopping-bag takes over.
 */
export default function ShopCheckoutPage() {
  const { alias = '' } = useParams();
  return (
    <ShopFrame key={alias} alias={alias}>
      {() => <Checkout alias={alias} />}
    </ShopFrame>
  );
}
