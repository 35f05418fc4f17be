import { useLingui } from '@lingui/react/macro';

export const MAIN_CONTENT_ID = 'main';

export function SkipLink() {
  const { t } = useLingui();
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
      {t`Skip to content`}
    </a>
  );
}
