import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import {
  type ProofSnapshot,
  selectProofAttempts,
  selectProofError,
  selectProofView,
} from '#machines/proof-of-work/proof-of-work.selectors.ts';
import { Button } from '../button.tsx';
import { proofFailureMessage } from './sign-up-messages.ts';
import './sign-up.css';

/** A running sign-up machine that embeds the proof-of-work region (the join page's, the shop's client sign-up). */
export type ProofActor = Pick<AnyActorRef, 'subscribe'> & { getSnapshot: () => ProofSnapshot };

/**
 * "Checking that you are not a robot": the proof of work runs from the moment the form shows. It reads the machine
 * itself, so the count of keys tried (four times a second while the workers run) re-renders this line only, not
 * the page and its form around it (a phone's first seconds; docs/adr/0152-one-proof-of-work-region.md).
 */
export function ProofStatus({ actor, onRetry }: { actor: ProofActor; onRetry: () => void }) {
  const { t, i18n } = useLingui();
  const view = useSelector(actor, selectProofView);
  const attempts = useSelector(actor, selectProofAttempts);
  const error = useSelector(actor, selectProofError);
  if (view === 'failed')
    return (
      <div className="proof-status proof-status--failed" data-proof="failed">
        <p className="notice notice--error" role="alert">
          {i18n._(proofFailureMessage(error))}
        </p>
        <Button variant="secondary" onClick={onRetry}>{t`Run the check again`}</Button>
      </div>
    );
  // One live region whose text changes (working, then passed); the count changes four times a second and is read
  // on demand, not announced.
  return (
    <div className="proof-status" data-proof={view}>
      {view === 'ready' ? null : (
        <progress className="proof-status__progress" aria-label={t`Checking that you are not a robot`} />
      )}
      <p className="proof-status__text" role="status">
        {view === 'ready' ? t`Check passed: you are not a robot.` : t`Checking that you are not a robot…`}
      </p>
      {view === 'ready' || attempts === 0 ? null : (
        <p className="proof-status__text" data-proof-attempts={attempts}>
          {t({ message: plural(attempts, { one: '# key tried', other: '# keys tried' }) })}
        </p>
      )}
    </div>
  );
}
