/**
 * The one pager of every server-paged list (catalogue, my orders, warehouse queue, client base, downline): previous,
 * numbered pages with gaps as an ellipsis, next. Below ~26rem of its own width it collapses to previous / "X of Y" /
 * next. Pages are links when the list lives in the address (`hrefFor`), else buttons (`onPage`); both look and key
 * the same (Tab between targets, Enter activates, an end with nowhere to go is out of the tab order).
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatNumber } from '../i18n/format.ts';
import { useLocale } from '../i18n/i18n.ts';
import './pagination.css';

/** How many pages `total` items make at `pageSize` a page (at least one). */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / Math.max(1, pageSize)));

/** Pages shown around the current one; the first and last are always shown, gaps as `'gap'`. */
export function visiblePages(page: number, pages: number, around = 1): (number | 'gap')[] {
  const shown = new Set<number>([1, pages]);
  for (let n = page - around; n <= page + around; n += 1) if (n >= 1 && n <= pages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 2) result.push('gap');
    else if (previous !== undefined && n - previous === 2) result.push(previous + 1);
    result.push(n);
  });
  return result;
}

interface PaginationBase {
  page: number;
  pageSize: number;
  total: number;
  /** Extra words beside the pages ("Page 2 of 9 · 170 orders"). */
  summary?: ReactNode;
}

export type PaginationProps = PaginationBase &
  (
    | { /** The link of a page (`?page=3&…`). */ hrefFor: (page: number) => string; onPage?: undefined }
    | { /** Called with the page asked for. */ onPage: (page: number) => void; hrefFor?: undefined }
  );

interface TargetProps {
  to: number;
  label: string;
  children: ReactNode;
  current?: boolean;
  disabled?: boolean;
  rel?: 'prev' | 'next';
}

/** Pages of a server-paged list; nothing when everything fits on one page (and no summary is asked for). */
export function Pagination(props: PaginationProps) {
  const { page, pageSize, total, summary } = props;
  const { t } = useLingui();
  const locale = useLocale();
  const pages = pageCount(total, pageSize);
  if (pages <= 1 && summary === undefined) return null;
  const current = Math.min(Math.max(1, page), pages);
  const currentText = formatNumber(current, locale);
  const lastText = formatNumber(pages, locale);

  const target = ({ to, label, children, current: isCurrent, disabled, rel }: TargetProps) => {
    const classes = 'pagination__target';
    if (disabled && props.hrefFor !== undefined) {
      // A link with nowhere to go: no href (so not in the tab order), still named and marked as unavailable.
      return (
        <span
          className={`${classes} pagination__target--disabled`}
          role="link"
          aria-disabled="true"
          aria-label={label}
        >
          {children}
        </span>
      );
    }
    if (props.hrefFor !== undefined) {
      return (
        <Link
          className={classes}
          to={props.hrefFor(to)}
          rel={rel}
          aria-label={label}
          aria-current={isCurrent ? 'page' : undefined}
        >
          {children}
        </Link>
      );
    }
    const onPage = props.onPage;
    return (
      <button
        type="button"
        className={disabled ? `${classes} pagination__target--disabled` : classes}
        disabled={disabled}
        aria-label={label}
        aria-current={isCurrent ? 'page' : undefined}
        onClick={() => {
          if (!isCurrent) onPage(to);
        }}
      >
        {children}
      </button>
    );
  };

  return (
    <nav className="pagination" aria-label={t`Pages`}>
      {summary === undefined ? null : <p className="pagination__summary">{summary}</p>}
      {pages <= 1 ? null : (
        <ul className="pagination__list">
          <li>
            {target({
              to: current - 1,
              label: t`Previous page`,
              disabled: current <= 1,
              rel: 'prev',
              children: (
                <>
                  <span aria-hidden="true">‹</span>
                  <span className="pagination__word">{t`Previous`}</span>
                </>
              ),
            })}
          </li>
          {visiblePages(current, pages).map((entry, index) => {
            if (entry === 'gap') {
              return (
                <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
                  …
                </li>
              );
            }
            const number = formatNumber(entry, locale);
            return (
              <li key={entry} className="pagination__number">
                {target({
                  to: entry,
                  label: t`Page ${number}`,
                  current: entry === current,
                  children: number,
                })}
              </li>
            );
          })}
          <li className="pagination__compact">{t`${currentText} of ${lastText}`}</li>
          <li>
            {target({
              to: current + 1,
              label: t`Next page`,
              disabled: current >= pages,
              rel: 'next',
              children: (
                <>
                  <span className="pagination__word">{t`Next`}</span>
                  <span aria-hidden="true">›</span>
                </>
              ),
            })}
          </li>
        </ul>
      )}
    </nav>
  );
}
