import { useLingui } from '@lingui/react/macro';
import './ui.css';

export interface SpinnerProps {
  /** What is loading, read by screen readers; 'Loading…' when omitted. */
  label?: string;
}

export function Spinner({ label }: SpinnerProps) {
  const { t } = useLingui();
  return (
    <div className="spinner" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t`Loading…`}</span>
    </div>
  );
}

export interface SkeletonProps {
  lines?: number;
}

/** Placeholder blocks while content loads; hidden from assistive technology (pair it with a Spinner or aria-busy). */
export function Skeleton({ lines = 3 }: SkeletonProps) {
  return (
    <div className="skeleton" aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="skeleton__line" />
      ))}
    </div>
  );
}
