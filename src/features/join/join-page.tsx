import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useContext, useMemo, useState } from 'react';
import { QueryClientContext } from '@portal/query-client-context';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { selectIsAuthenticated, selectIsStarting, selectUser } from '#machines/auth/auth.selectors.ts';
import {
  selectCard,
  selectCardError,
  selectIsSending,
  selectIsWaitingForProof,
  selectPageView,
  selectRefusal,
} from '#machines/sign-up/sign-up.selectors.ts';
import { signUpApi, signUpQueries } from '../../data/sign-up.ts';
import { useAuthSelector, useAuthSend } from '../../session/auth-context.tsx';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PATHS } from '../../ui/paths.ts';
import { ProofStatus } from '../../ui/sign-up/proof-status.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { showSuccessToast } from '../../ui/toast.ts';
import { JoinForm } from './join-form.tsx';
import { cardFailureMessage, welcomeMessage } from './join-messages.ts';
import { provideSignUp } from './sign-up.actors.ts';
import '../../ui/auth-form.css';
import '../../ui/forms/personal.css';
import './join.css';

/** A signed-in visitor does not sign up again: they sign out first, or go back to their own pages. */
function SignedInNotice() {
  const { t } = useLingui();
  const send = useAuthSend();
  const email = useAuthSelector(selectUser)?.email ?? '';
  return (
    <section className="auth-card" data-state="signed-in">
      <PageHeader title={t`Sign up as a distributor`} />
      <p className="notice" role="status">
        {email === '' ? (
          t`You are signed in. To sign up a new distributor with this invitation, sign out first.`
        ) : (
          <Trans>
            You are signed in as {email}. To sign up a new distributor with this invitation, sign out first.
          </Trans>
        )}
      </p>
      <div className="auth-card__actions">
        <Button onClick={() => send({ type: 'auth.logout' })}>{t`Sign out`}</Button>
        <Link to="/" className={buttonClassName('secondary')}>
          {t`Go to my pages`}
        </Link>
      </div>
    </section>
  );
}

function InvalidLink() {
  const { t } = useLingui();
  return (
    <section className="auth-card" data-state="invalid-link">
      <PageHeader title={t`This invitation link is not valid`} />
      <p className="auth-card__text">
        {t`No distributor can take new members with this link: it may be mistyped, or the account is closed. Ask the person who sent it for a new link.`}
      </p>
      <div className="auth-card__links">
        <Link to="/login">{t`Already a distributor? Sign in`}</Link>
      </div>
    </section>
  );
}

/**
 * The sign-up under the sponsor of `alias`: the card, the form and the proof of work of one machine. A new logic
 * after a render only updates the running actor's implementations (@xstate/react keeps the actor, and the proof).
 */
function SignUp({ alias, onJoined }: { alias: string; onJoined: () => void }) {
  const { t, i18n } = useLingui();
  const authSend = useAuthSend();
  const navigate = useNavigate();
  const logic = useMemo(
    () =>
      provideSignUp({
        api: signUpApi,
        joined: ({ token, prn }) => {
          onJoined();
          authSend({ type: 'auth.token.issued', token });
          showSuccessToast(i18n._(welcomeMessage(prn)));
          void navigate(PATHS.firstSteps, { replace: true });
        },
      }),
    [authSend, i18n, navigate, onJoined],
  );
  // The card the server rendered the page with (`routeData.join`), in the page's cache: the form shows at once, as
  // the server drew it. Without it (a page the browser renders) the machine reads the card itself.
  const queryClient = useContext(QueryClientContext);
  const [serverCard] = useState(() => queryClient?.getQueryData(signUpQueries.card(alias).queryKey) ?? null);
  const actor = useActorRef(logic, { input: { alias, card: serverCard } });
  const view = useSelector(actor, selectPageView);
  const card = useSelector(actor, selectCard);
  const cardError = useSelector(actor, selectCardError);
  const sending = useSelector(actor, selectIsSending);
  const waiting = useSelector(actor, selectIsWaitingForProof);
  const refusal = useSelector(actor, selectRefusal);
  const retry = () => actor.send({ type: 'signUp.retry' });

  if (view === 'invalidLink') return <InvalidLink />;
  const sponsorName = card?.fullName ?? '';
  const sponsorCity = card?.city ?? null;
  const sponsorPrn = card?.prn ?? '';
  return (
    <section className="auth-card join" aria-busy={view === 'loading' || view === 'joined'}>
      <PageHeader title={t`Sign up as a distributor`} />
      {view === 'loading' || view === 'joined' ? <Spinner label={t`Loading the invitation…`} /> : null}
      {view === 'cardFailed' ? (
        <>
          <p className="notice notice--error" role="alert">
            {i18n._(cardFailureMessage(cardError))}
          </p>
          <div className="auth-card__actions">
            <Button onClick={retry}>{t`Try again`}</Button>
          </div>
        </>
      ) : null}
      {view === 'form' && card !== null ? (
        <>
          <p className="auth-card__text join__sponsor" data-sponsor={card.prn}>
            {sponsorCity === null ? (
              <Trans>
                You are invited by <strong>{sponsorName}</strong> ({sponsorPrn}). Fill in the form to join
                their team.
              </Trans>
            ) : (
              <Trans>
                You are invited by <strong>{sponsorName}</strong>, {sponsorCity} ({sponsorPrn}). Fill in the
                form to join their team.
              </Trans>
            )}
          </p>
          <ProofStatus actor={actor} onRetry={retry} />
          <JoinForm
            card={card}
            sending={sending}
            waitingForProof={waiting}
            refusal={refusal}
            onSubmit={(form) => actor.send({ type: 'signUp.submit', form })}
          />
        </>
      ) : null}
      <div className="auth-card__links">
        <Link to="/login">{t`Already a distributor? Sign in`}</Link>
      </div>
    </section>
  );
}

/**
 * `/join/:alias` (docs/adr/0141-join-page-proof-of-work.md): a public page. A visitor signed in already is told so;
 * anyone else gets the sponsor's card and the sign-up form, and is signed in once the server accepts them.
 */
export default function JoinPage() {
  const { t } = useLingui();
  const { alias = '' } = useParams();
  const starting = useAuthSelector(selectIsStarting);
  const authenticated = useAuthSelector(selectIsAuthenticated);
  // Set just before the new distributor's token reaches the auth machine: the page is leaving for the dashboard,
  // not a signed-in visitor's.
  const [joined, setJoined] = useState(false);
  const onJoined = useCallback(() => setJoined(true), []);
  if (starting || joined) return <Spinner label={t`Loading…`} />;
  if (authenticated) return <SignedInNotice />;
  return <SignUp key={alias} alias={alias} onJoined={onJoined} />;
}
