import { useLingui } from '@lingui/react/macro';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

export interface QueryFailureProps {
  onRetry: () => void;
  /** What could not be loaded; a general sentence when omitted. */
  description?: string;
  headingLevel?: 2 | 3;
}

/** A read failed (after the query cache's own retries): say so and offer to try again. */
export function QueryFailure({ onRetry, description, headingLevel = 2 }: QueryFailureProps) {
  const { t } = useLingui();
  return (
    <div role="alert">
      <EmptyState
        title={t`Could not load the data`}
        description={description ?? t`Check your connection and try again.`}
        headingLevel={headingLevel}
      >
        <Button variant="secondary" onClick={onRetry}>
          {t`Try again`}
        </Button>
      </EmptyState>
    </div>
  );
}
