import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { statusOf } from '../../api/errors.ts';
import { PATHS } from '../../ui/paths.ts';
import { formatDate, formatNumber, formatPoints } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { Skeleton, Spinner } from '../../ui/spinner.tsx';
import { distributorPath, treePath } from './network-paths.ts';
import { QueryFailure } from '../../ui/list-controls.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { failureKind } from '../../data/failure-kind.ts';
import {
  FIRST_LINE_PAGE_SIZE,
  type NetworkNode,
  useFirstLine,
  useNetworkNode,
  useNetworkNodeVolumes,
} from '../../data/network.ts';
import { formatMonth } from '../../i18n/business-format.ts';
import { QUALIFICATION_NAMES, RANK_NAMES, VOLUME_CODES } from './network-labels.ts';
import './my-network.css';

/** A distributor's card (`GET /users/my-network/{id}`): contacts, rank, volumes, qualifications, recruits. */
export default function DistributorPage() {
  const { t } = useLingui();
  const id = Number(useParams().id);
  const query = useNetworkNode(id);

  // Someone outside the caller's downline is a missing object: the route shows 'Not Found'.
  if (query.isError && statusOf(query.error) === 404) throw query.error;

  if (query.isPending) {
    return (
      <>
        <PageHeader title={t`Distributor`} />
        <Spinner label={t`Loading the distributor…`} />
        <Skeleton lines={8} />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title={t`Distributor`} />
        <QueryFailure
          kind={failureKind(query.error)}
          title={t`The distributor could not be loaded.`}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  return <DistributorCard node={query.data.node} />;
}

function DistributorCard({ node }: { node: NetworkNode }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const rank = i18n._(RANK_NAMES[node.rank]);
  const { fullName, prn } = node;
  const points = (value: number) => formatPoints(value, locale);
  const firstLine = formatNumber(node.childrenCount, locale);
  const volumes = [
    { label: VOLUME_CODES.pv, hint: t`Personal volume`, value: node.volumes.pv },
    { label: VOLUME_CODES.gv, hint: t`Group volume`, value: node.volumes.gv },
    { label: VOLUME_CODES.cgv, hint: t`Cumulative group volume`, value: node.volumes.cgv },
    { label: VOLUME_CODES.pgv, hint: t`Personal group volume`, value: node.volumes.pgv },
  ];
  return (
    <>
      <PageHeader
        title={node.fullName}
        subtitle={`${rank} · PRN ${prn}`}
        actions={
          <Link className="button button--secondary" to={PATHS.myDistributors}>
            {t`Back to My Network`}
          </Link>
        }
      />
      <div className="distributor-card">
        <section className="distributor-card__section" aria-labelledby="distributor-contacts">
          <h2 id="distributor-contacts">{t`Contacts and status`}</h2>
          <dl className="facts">
            <div>
              <dt>{t`Full name`}</dt>
              <dd>{node.fullName}</dd>
            </div>
            <div>
              <dt>{t`E-mail`}</dt>
              <dd>
                <a href={`mailto:${node.email}`} className="truncate" title={node.email}>
                  {node.email}
                </a>
              </dd>
            </div>
            <div>
              <dt>{t`Phone`}</dt>
              <dd>
                {node.phone === null ? (
                  t`Not given`
                ) : (
                  <a href={`tel:${node.phone.replace(/[^\d+]/g, '')}`}>{node.phone}</a>
                )}
              </dd>
            </div>
            <div>
              <dt>{t`Signing date`}</dt>
              <dd>{formatDate(node.signingDate, locale)}</dd>
            </div>
            <div>
              <dt>{t`Rank`}</dt>
              <dd>{rank}</dd>
            </div>
            <div>
              <dt>{t`PRN`}</dt>
              <dd>{node.prn}</dd>
            </div>
            <div>
              <dt>{t`Level in my network`}</dt>
              <dd>{formatNumber(node.level, locale)}</dd>
            </div>
            {node.sponsorId !== null && node.level > 1 ? (
              <div>
                <dt>{t`Sponsored by`}</dt>
                <dd>
                  <Link to={distributorPath(node.sponsorId)}>{t`Open the sponsor's card`}</Link>
                </dd>
              </div>
            ) : null}
          </dl>
        </section>

        <section className="distributor-card__section" aria-labelledby="distributor-volumes">
          <h2 id="distributor-volumes">{t`Volumes this period`}</h2>
          <dl className="volume-tiles">
            {volumes.map((volume) => (
              <div key={volume.label} className="volume-tile">
                <dt>
                  <abbr title={volume.hint}>{volume.label}</abbr>
                  <span className="visually-hidden"> ({volume.hint})</span>
                </dt>
                <dd className="volume-tile__value">{points(volume.value)}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section className="distributor-card__section" aria-labelledby="distributor-qualifications">
          <h2 id="distributor-qualifications">{t`Qualifications this period`}</h2>
          {node.qualifications.length === 0 ? (
            <p>{t`No qualifications this period yet.`}</p>
          ) : (
            <ul className="qualification-list">
              {node.qualifications.map((code) => (
                <li key={code} className="qualification-list__item">
                  {i18n._(QUALIFICATION_NAMES[code])}
                </li>
              ))}
            </ul>
          )}
        </section>

        <VolumeHistory id={node.id} />

        {node.childrenCount > 0 ? <FirstLine id={node.id} name={fullName} /> : null}

        <section className="distributor-card__section" aria-labelledby="distributor-team">
          <h2 id="distributor-team">{t`Team`}</h2>
          <dl className="facts">
            <div>
              <dt>{t`Recruits this period`}</dt>
              <dd>{formatNumber(node.recruits, locale)}</dd>
            </div>
            <div>
              <dt>{t`First line (all time)`}</dt>
              <dd>{firstLine}</dd>
            </div>
          </dl>
          {node.childrenCount > 0 ? (
            <Link className="button button--primary" to={treePath(node.id)}>
              {t`Show ${fullName}'s network in the tree`}
            </Link>
          ) : null}
        </section>
      </div>
    </>
  );
}

/** The member's PV and GV of the last 12 months (`GET /users/my-network/{id}/volumes`), newest first. */
function VolumeHistory({ id }: { id: number }) {
  const { t } = useLingui();
  const locale = useLocale();
  const history = useNetworkNodeVolumes(id);
  let body;
  if (history.isPending) body = <Skeleton lines={4} />;
  else if (history.isError)
    body = (
      <QueryFailure
        kind={failureKind(history.error)}
        title={t`The volume history could not be loaded.`}
        onRetry={() => void history.refetch()}
      />
    );
  else
    body = (
      <table className="data-table data-table--stack" data-table="volume-history">
        <caption className="visually-hidden">{t`PV and GV of the last 12 months, newest first`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Month`}</th>
            <th scope="col" className="data-table__numeric">
              PV
            </th>
            <th scope="col" className="data-table__numeric">
              GV
            </th>
          </tr>
        </thead>
        <tbody>
          {[...history.data].reverse().map((month) => (
            <tr key={month.month} data-month={month.month}>
              <th scope="row">
                {formatMonth(month.month, locale)}
                {month.closed ? null : <span className="data-table__secondary">{t`open period`}</span>}
              </th>
              <td className="data-table__numeric" data-label="PV">
                {formatPoints(month.pv, locale)}
              </td>
              <td className="data-table__numeric" data-label="GV">
                {formatPoints(month.gv, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <section className="distributor-card__section" aria-labelledby="distributor-history">
      <h2 id="distributor-history">{t`Volumes of the last 12 months`}</h2>
      {body}
    </section>
  );
}

/** The member's first line (`GET /users/my-network/{id}`), a page at a time, each leading to their own card. */
function FirstLine({ id, name }: { id: number; name: string }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const children = useFirstLine(id, page);
  let body;
  if (children.isPending) body = <Skeleton lines={4} />;
  else if (children.isError)
    body = (
      <QueryFailure
        kind={failureKind(children.error)}
        title={t`The first line could not be loaded.`}
        onRetry={() => void children.refetch()}
      />
    );
  else
    body = (
      <>
        <table className="data-table data-table--stack" data-table="first-line">
          <caption className="visually-hidden">{t`${name}'s first line, newest first`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Distributor`}</th>
              <th scope="col">{t`Rank`}</th>
              <th scope="col" className="data-table__numeric">
                PV
              </th>
              <th scope="col" className="data-table__numeric">
                GV
              </th>
            </tr>
          </thead>
          <tbody>
            {children.data.children.items.map((child) => (
              <tr key={child.id}>
                <th scope="row">
                  <Link to={distributorPath(child.id)} className="truncate" title={child.fullName}>
                    {child.fullName}
                  </Link>
                </th>
                <td data-label={t`Rank`}>{i18n._(RANK_NAMES[child.rank])}</td>
                <td className="data-table__numeric" data-label="PV">
                  {formatPoints(child.volumes.pv, locale)}
                </td>
                <td className="data-table__numeric" data-label="GV">
                  {formatPoints(child.volumes.gv, locale)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Pagination
          page={page}
          pageSize={FIRST_LINE_PAGE_SIZE}
          total={children.data.children.total}
          onPage={setPage}
        />
      </>
    );
  return (
    <section className="distributor-card__section" aria-labelledby="distributor-first-line">
      <h2 id="distributor-first-line">{t`First line`}</h2>
      {body}
    </section>
  );
}
