import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { errorCodeOf } from '#machines/auth/auth.rules.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Skeleton, Spinner } from '../../ui/spinner.tsx';
import { CardGrid } from '../../ui/card-grid.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { useSelector } from '@xstate/react';
import { selectFileError, selectOpenedAsDownload } from '#machines/downloads/file-download.selectors.ts';
import { type DocumentId, type PortalDocument, useDocuments } from '../../data/documents.ts';
import { selectPendingAction, useDocumentFile } from './documents.actors.ts';
import { StatementsSection } from './statements-section.tsx';
import { selectIsDistributor } from '#machines/auth/auth.selectors.ts';
import { useAuthSelector } from '../../session/auth-context.tsx';
import '../../ui/business.css';
import './documents.css';
import { failureKind } from '../../data/failure-kind.ts';

const DESCRIPTIONS: Record<DocumentId, MessageDescriptor> = {
  marketing_plan: msg`Ranks, volumes and how bonuses are calculated.`,
  ethics_code: msg`The rules every distributor agrees to follow.`,
  qualification_2025: msg`The conditions and rewards of the 2025 qualification programme.`,
};

const FAILURES: Record<string, MessageDescriptor> = {
  NETWORK_ERROR: msg`No connection to the server. Check your connection and try again.`,
  TIMEOUT: msg`The server did not answer in time. Please try again.`,
  NOT_FOUND: msg`This document is not available in this language.`,
};

function DocumentRow({ document }: { document: PortalDocument }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const file = useDocumentFile();
  const title = document.title[locale];
  const pendingAction = useSelector(file, selectPendingAction);
  const error = useSelector(file, selectFileError);
  const openedAsDownload = useSelector(file, selectOpenedAsDownload);
  const busy = pendingAction !== null;
  const failure =
    error === null ? null : (FAILURES[errorCodeOf(error)] ?? msg`Could not get the file. Please try again.`);
  const titleId = `document-${document.id}`;
  return (
    <li className="dash-card document card-span-4 card-span-mid-1" data-document={document.id}>
      <div className="document__icon" aria-hidden="true">
        PDF
      </div>
      <div className="document__text">
        <h2 id={titleId} className="dash-card__title">
          {title}
        </h2>
        <p className="dash-card__note">{i18n._(DESCRIPTIONS[document.id])}</p>
      </div>
      <div className="document__actions">
        <Button
          variant="primary"
          data-action="open"
          disabled={busy}
          aria-busy={pendingAction === 'open'}
          onClick={() => file.send({ type: 'file.get', file: document.id, lang: locale, action: 'open' })}
        >
          {pendingAction === 'open' ? t`Opening…` : t`Open`}
          <span className="visually-hidden">
            {' '}
            {title} {t`(opens in a new tab)`}
          </span>
        </Button>
        <Button
          variant="secondary"
          data-action="download"
          disabled={busy}
          aria-busy={pendingAction === 'download'}
          onClick={() => file.send({ type: 'file.get', file: document.id, lang: locale, action: 'download' })}
        >
          {pendingAction === 'download' ? t`Downloading…` : t`Download`}
          <span className="visually-hidden"> {title}</span>
        </Button>
      </div>
      <div className="document__status" role="status">
        {busy ? (
          <span className="document__progress">
            <span className="document__bar" aria-hidden="true" />
            {t`Preparing the file…`}
          </span>
        ) : null}
        {openedAsDownload ? t`The browser blocked the new tab, so the file was saved instead.` : null}
      </div>
      {failure === null ? null : (
        <p className="error-text document__error" role="alert">
          {i18n._(failure)}
        </p>
      )}
    </li>
  );
}

/** Documents (`/documents`): marketing plan, ethics code, qualification 2025 in the interface language. */
export default function DocumentsPage() {
  const { t } = useLingui();
  // Bonus statements are a distributor's (the API refuses other roles).
  const distributor = useAuthSelector(selectIsDistributor);
  const documents = useDocuments();
  let body;
  if (documents.isPending)
    body = (
      <div aria-busy="true">
        <Spinner label={t`Loading the documents…`} />
        <Skeleton lines={3} />
      </div>
    );
  else if (documents.isError)
    body = <QueryFailure kind={failureKind(documents.error)} onRetry={() => void documents.refetch()} />;
  else if (documents.data.length === 0) body = <EmptyState title={t`No documents yet`} />;
  else
    body = (
      <CardGrid list>
        {documents.data.map((document) => (
          <DocumentRow key={document.id} document={document} />
        ))}
      </CardGrid>
    );
  return (
    <>
      <PageHeader
        title={t`Documents`}
        subtitle={t`Open them in a new tab or save them as PDF, in the language of the interface.`}
      />
      {body}
      {distributor ? <StatementsSection /> : null}
    </>
  );
}
