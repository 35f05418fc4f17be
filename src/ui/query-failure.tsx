import { useLingui } from '@lingui/react/macro';
import { FAILURE_KIND_RETRIES, FAILURE_KIND_TEXTS, type FailureKind } from '../i18n/labels/failure-kind.ts';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

export interface QueryFailureProps {
  onRetry: () => void;
  /** What kind of failure (`failureKind(query.error)` from src/data): it chooses the sentence and the retry. */
  kind?: FailureKind;
  /** What could not be loaded ("The clients could not be loaded."); a general title when omitted. */
  title?: string;
  /** A sentence of the screen's own instead of the one for the failure's kind. */
  description?: string;
  headingLevel?: 2 | 3;
}

/**
 * A read failed (after the query cache's own retries): say what, say why in words that fit the failure's kind, and
 * offer to try again when that can help.
 */
export function QueryFailure({
  onRetry,
  kind = 'unknown',
  title,
  description,
  headingLevel = 2,
}: QueryFailureProps) {
  const { t, i18n } = useLingui();
  return (
    <div role="alert" data-failure-kind={kind}>
      <EmptyState
        title={title ?? t`Could not load the data`}
        description={description ?? i18n._(FAILURE_KIND_TEXTS[kind])}
        headingLevel={headingLevel}
      >
        {FAILURE_KIND_RETRIES[kind] ? (
          <Button variant="secondary" onClick={onRetry}>
            {t`Try again`}
          </Button>
        ) : null}
      </EmptyState>
    </div>
  );
}
