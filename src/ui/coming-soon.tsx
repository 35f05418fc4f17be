import { useLingui } from '@lingui/react/macro';
import { EmptyState } from './empty-state.tsx';

export interface ComingSoonProps {
  /** What the screen will hold once its feature is built. */
  description: string;
  headingLevel?: 2 | 3;
}

/** The honest empty state of a screen whose content arrives with a later feature: no invented data. */
export function ComingSoon({ description, headingLevel = 2 }: ComingSoonProps) {
  const { t } = useLingui();
  return <EmptyState title={t`Coming soon`} description={description} headingLevel={headingLevel} />;
}
