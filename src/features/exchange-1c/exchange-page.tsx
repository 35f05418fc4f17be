/**
 * "1C exchange" (warehouse staff): 1C is the system of record for goods, prices and stock, and takes the warehouse's
 * orders. The screen shows the warehouse's orders on their way to 1C and every recent catalogue import — its
 * files, what it created, updated, deactivated and skipped, each skipped item with its reason, and why a failed one
 * failed. Read-only: 1C drives the exchange (docs/1c-exchange.md).
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { failureKind } from '../../data/failure-kind.ts';
import {
  ISSUES_PAGE_SIZE,
  useExchangeOverview,
  useImportIssues,
  type ExchangeOverview,
  type ImportRun,
} from '../../data/exchange-1c.ts';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { PATHS } from '../../ui/paths.ts';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/spinner.tsx';
import { FILE_KIND, FILE_STAGE, ISSUE_REASON, RUN_SOURCE, RUN_STATUS } from './exchange-labels.ts';
import '../../ui/business.css';
import './exchange.css';

function OrdersToOneC({ orders }: { orders: ExchangeOverview['orders'] }) {
  const { t } = useLingui();
  const locale = useLocale();
  const sentTab = `${PATHS.warehouseOrders}?tab=sent_to_1c`;
  return (
    <section className="dash-card exchange-orders" aria-labelledby="exchange-orders">
      <h2 id="exchange-orders" className="dash-card__title">{t`Orders to 1C`}</h2>
      <dl className="exchange-figures">
        <div>
          <dt>{t`Waiting for 1C`}</dt>
          <dd data-field="queued">{formatNumber(orders.queued, locale)}</dd>
        </div>
        <div>
          <dt>{t`Fetched, not yet confirmed`}</dt>
          <dd data-field="sent">{formatNumber(orders.sent, locale)}</dd>
        </div>
        <div className={orders.errors > 0 ? 'exchange-figures--alert' : undefined}>
          <dt>{t`Failed`}</dt>
          <dd data-field="errors">{formatNumber(orders.errors, locale)}</dd>
        </div>
      </dl>
      <p className="dash-card__note">
        {orders.lastExchangeAt === null
          ? t`1C has not taken any order of this warehouse yet.`
          : t`1C last took orders on ${formatDateTime(orders.lastExchangeAt, locale)}.`}
      </p>
      <Link to={sentTab}>{t`Orders sent to 1C`}</Link>
    </section>
  );
}

function RunIssues({ run }: { run: ImportRun }) {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const query = useImportIssues(run.id, page, true);
  if (query.isError) {
    return (
      <QueryFailure
        kind={failureKind(query.error)}
        title={t`The skipped items could not be loaded.`}
        onRetry={() => void query.refetch()}
        headingLevel={3}
      />
    );
  }
  if (query.data === undefined) return <Skeleton lines={3} />;
  return (
    <div className="exchange-issues">
      <ul className="exchange-issues__list">
        {query.data.items.map((issue) => (
          <li key={issue.id} className="exchange-issue" data-code={issue.code}>
            <span className="exchange-issue__what">
              {issue.name ?? issue.sku ?? issue.onecId ?? issue.file}
              {issue.sku !== null && issue.name !== null ? (
                <span className="exchange-issue__sku"> · {issue.sku}</span>
              ) : null}
            </span>
            <span className="exchange-issue__why">
              {issue.skipped ? <strong>{t`Skipped.`} </strong> : null}
              {i18n._(ISSUE_REASON[issue.code])}
            </span>
            {issue.detail === null ? null : (
              <span className="exchange-issue__detail">
                {t`1C wrote:`} <q lang="ru">{issue.detail}</q>
              </span>
            )}
          </li>
        ))}
      </ul>
      <Pagination page={page} pageSize={ISSUES_PAGE_SIZE} total={query.data.total} onPage={setPage} />
    </div>
  );
}

function RunCard({ run }: { run: ImportRun }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const headingId = `import-run-${run.id}`;
  const issuesId = `import-run-${run.id}-issues`;
  return (
    <li className={`dash-card exchange-run exchange-run--${run.status}`} data-run={run.id}>
      <div className="exchange-run__head">
        <h3 id={headingId} className="dash-card__title">
          {t`Import of ${formatDateTime(run.startedAt, locale)}`}
        </h3>
        <span className={`exchange-status exchange-status--${run.status}`} data-status={run.status}>
          {i18n._(RUN_STATUS[run.status])}
        </span>
      </div>
      <p className="dash-card__note">
        {i18n._(RUN_SOURCE[run.source])}
        {run.finishedAt === null ? null : ` · ${t`finished ${formatDateTime(run.finishedAt, locale)}`}`}
      </p>
      {run.failure === null ? null : (
        <p className="exchange-run__failure" role="note">
          {t`Why it failed:`} <span lang="en">{run.failure}</span>
        </p>
      )}
      <dl className="exchange-figures exchange-figures--small" aria-labelledby={headingId}>
        <div>
          <dt>{t`Created`}</dt>
          <dd data-field="created">{formatNumber(run.created, locale)}</dd>
        </div>
        <div>
          <dt>{t`Updated`}</dt>
          <dd data-field="updated">{formatNumber(run.updated, locale)}</dd>
        </div>
        <div>
          <dt>{t`No longer sold`}</dt>
          <dd data-field="deactivated">{formatNumber(run.deactivated, locale)}</dd>
        </div>
        <div className={run.skipped > 0 ? 'exchange-figures--alert' : undefined}>
          <dt>{t`Skipped`}</dt>
          <dd data-field="skipped">{formatNumber(run.skipped, locale)}</dd>
        </div>
      </dl>
      {run.files.length === 0 ? null : (
        <ul className="exchange-files" aria-label={t`Files`}>
          {run.files.map((file) => (
            <li key={file.name} data-stage={file.stage}>
              <span className="exchange-files__name">{file.name}</span>
              <span className="dash-card__note">
                {[
                  file.kind === null ? null : i18n._(FILE_KIND[file.kind]),
                  file.fullUpload === null ? null : file.fullUpload ? t`full upload` : t`changes only`,
                  i18n._(FILE_STAGE[file.stage]),
                ]
                  .filter((part) => part !== null)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
      {run.issues === 0 ? null : (
        <>
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls={issuesId}
            onClick={() => setOpen((value) => !value)}
          >
            {open
              ? t`Hide the skipped items`
              : t`Show what was skipped and why (${formatNumber(run.issues, locale)})`}
          </Button>
          <div id={issuesId} hidden={!open}>
            {open ? <RunIssues run={run} /> : null}
          </div>
        </>
      )}
    </li>
  );
}

export default function ExchangePage() {
  const { t } = useLingui();
  const query = useExchangeOverview();
  return (
    <div className="exchange-page">
      <PageHeader
        title={t`1C exchange`}
        subtitle={t`Goods, prices and stock per warehouse come from 1C; the warehouse's orders go to 1C.`}
      />
      {query.isError ? (
        <QueryFailure
          kind={failureKind(query.error)}
          title={t`The exchange could not be loaded.`}
          onRetry={() => void query.refetch()}
        />
      ) : query.data === undefined ? (
        <section className="dash-card" aria-busy="true" aria-label={t`1C exchange`}>
          <Skeleton lines={6} />
        </section>
      ) : (
        <>
          <OrdersToOneC orders={query.data.orders} />
          <section aria-labelledby="exchange-imports" className="exchange-imports">
            <h2 id="exchange-imports" className="exchange-imports__title">{t`Catalogue imports`}</h2>
            {query.data.runs.length === 0 ? (
              <EmptyState
                title={t`No import yet`}
                description={t`1C sends goods, prices and stock when its exchange runs; each import shows here.`}
                headingLevel={3}
              />
            ) : (
              <ul className="exchange-runs">
                {query.data.runs.map((run) => (
                  <RunCard key={run.id} run={run} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
