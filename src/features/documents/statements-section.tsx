import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { selectFileError } from '#machines/downloads/file-download.selectors.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { formatMonth } from '../../i18n/business-format.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/spinner.tsx';
import { useStatement, useStatements } from '../../data/statements.ts';
import { StatementView } from './statement-view.tsx';
import { selectFetchingMonth, selectSavedMonth, useStatementFile } from './statements.actors.ts';
import { failureKind } from '../../data/failure-kind.ts';

/** Documents: the bonus statement of every closed month, on screen and as a PDF in the interface language. */
export function StatementsSection() {
  const { t } = useLingui();
  const locale = useLocale();
  const selectId = useId();
  const list = useStatements();
  const [chosen, setChosen] = useState<string | null>(null);
  const month = chosen ?? list.data?.[0]?.month ?? null;
  const statement = useStatement(month);
  const file = useStatementFile();
  const fetching = useSelector(file, selectFetchingMonth);
  const saved = useSelector(file, selectSavedMonth);
  const error = useSelector(file, selectFileError);

  let body;
  if (list.isPending) body = <Skeleton lines={4} />;
  else if (list.isError)
    body = (
      <QueryFailure headingLevel={3} kind={failureKind(list.error)} onRetry={() => void list.refetch()} />
    );
  else if (list.data.length === 0 || month === null) body = <EmptyState title={t`No closed months yet`} />;
  else {
    const monthName = formatMonth(month, locale);
    body = (
      <>
        <div className="statements__toolbar">
          <label htmlFor={selectId} className="statements__label">
            {t`Month`}
          </label>
          <select
            id={selectId}
            className="statements__select"
            value={month}
            onChange={(event) => setChosen(event.target.value)}
          >
            {list.data.map((summary) => (
              <option key={summary.month} value={summary.month}>
                {formatMonth(summary.month, locale)}
              </option>
            ))}
          </select>
          <Button
            variant="primary"
            data-action="statement-pdf"
            disabled={fetching !== null}
            aria-busy={fetching !== null}
            onClick={() => file.send({ type: 'file.get', file: month, lang: locale, action: 'download' })}
          >
            {fetching === null ? t`Download PDF` : t`Downloading…`}
            <span className="visually-hidden"> {t`Bonus statement for ${monthName}`}</span>
          </Button>
        </div>
        <p className="document__status" role="status">
          {saved === null ? '' : t`The statement was saved as a PDF.`}
        </p>
        {error === null ? null : (
          <p className="error-text" role="alert">
            {t`Could not get the file. Please try again.`}
          </p>
        )}
        {statement.isPending ? (
          <Skeleton lines={6} />
        ) : statement.isError ? (
          <QueryFailure
            headingLevel={3}
            kind={failureKind(statement.error)}
            onRetry={() => void statement.refetch()}
          />
        ) : (
          <StatementView statement={statement.data} />
        )}
      </>
    );
  }
  return (
    <section className="dash-card statements" aria-labelledby="statements-title" data-section="statements">
      <h2 id="statements-title" className="dash-card__title">
        {t`Bonus statements`}
      </h2>
      <p className="dash-card__note">{t`Every closed month, kept for good: volumes, rank and how each bonus was computed.`}</p>
      {body}
    </section>
  );
}
