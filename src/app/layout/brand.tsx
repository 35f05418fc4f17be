import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { PATHS } from '../../ui/paths.ts';

export function Brand() {
  const { t } = useLingui();
  return (
    <Link to={PATHS.root} className="brand">
      <svg
        className="brand__mark"
        viewBox="0 0 32 32"
        width="32"
        height="32"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="32" height="32" rx="6" fill="currentColor" />
        <path
          d="M11 24V8h6.5a5 5 0 0 1 0 10H11"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinejoin="round"
        />
      </svg>
      <span className="brand__name">{t`Distributor portal`}</span>
    </Link>
  );
}
