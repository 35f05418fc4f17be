import { useLingui } from '@lingui/react/macro';
import { toastContentFor } from '#src/ui/toast.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Button } from '#src/ui/button.tsx';
import './catalogue.css';

export interface QueryErrorProps {
  /** What failed, e.g. "The products could not be loaded." */
  title: string;
  error: unknown;
  onRetry: () => void;
}

/** A failed read, in place: what failed, the server's message in the active language, and a retry. */
export function QueryError({ title, error, onRetry }: QueryErrorProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const detail = toastContentFor(error, locale);
  return (
    <div className="query-error" role="alert">
      <p className="query-error__title">{title}</p>
      <p className="query-error__detail">{detail.title}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t`Try again`}
      </Button>
    </div>
  );
}
