import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { formatNumber } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/i18n.ts';
import './catalogue.css';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** The link target of a page (`?page=3&…`). */
  hrefFor: (page: number) => string;
}

/** Pages shown around the current one; the first and last are always shown, gaps as an ellipsis. */
export function visiblePages(page: number, pageCount: number, around = 1): (number | 'gap')[] {
  const shown = new Set<number>([1, pageCount]);
  for (let n = page - around; n <= page + around; n += 1) if (n >= 1 && n <= pageCount) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) result.push('gap');
    result.push(n);
  });
  return result;
}

/** Page links of a server-paged list (nothing when everything fits on one page). */
export function Pagination({ page, pageSize, total, hrefFor }: PaginationProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (pageCount <= 1) return null;
  const current = Math.min(page, pageCount);
  return (
    <nav className="pagination" aria-label={t`Pages`}>
      <ul className="pagination__list">
        <li>
          {current > 1 ? (
            <Link className="pagination__link" to={hrefFor(current - 1)} rel="prev">
              {t`Previous`}
            </Link>
          ) : (
            <span className="pagination__link pagination__link--disabled" aria-disabled="true">
              {t`Previous`}
            </span>
          )}
        </li>
        {visiblePages(current, pageCount).map((entry, index) => {
          if (entry === 'gap') {
            return (
              <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
                …
              </li>
            );
          }
          const number = formatNumber(entry, locale);
          return (
            <li key={entry}>
              <Link
                className="pagination__link"
                to={hrefFor(entry)}
                aria-current={entry === current ? 'page' : undefined}
                aria-label={t`Page ${number}`}
              >
                {number}
              </Link>
            </li>
          );
        })}
        <li>
          {current < pageCount ? (
            <Link className="pagination__link" to={hrefFor(current + 1)} rel="next">
              {t`Next`}
            </Link>
          ) : (
            <span className="pagination__link pagination__link--disabled" aria-disabled="true">
              {t`Next`}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
