/** Search field, pager and query-failure message shared by the paged list screens. */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { formatNumber } from '../i18n/format.ts';
import { useLocale } from '../i18n/i18n.ts';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import './data-table.css';
import './list-controls.css';

/** Search text waits this long after the last key before it becomes the query. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The contract's limit on `q`. */
export const SEARCH_MAX_LENGTH = 100;

export interface SearchFieldProps {
  label: string;
  /** The search in effect (from the URL). */
  value: string;
  /** Called with the trimmed text once typing pauses. */
  onSearch: (text: string) => void;
  placeholder?: string;
}

/** A labelled search box whose text reaches `onSearch` after a pause in typing. */
export function SearchField({ label, value, onSearch, placeholder }: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    // The search changed from outside (back button, "clear search"): show it.
    setApplied(value);
    setText(value);
  }
  useEffect(() => {
    const next = text.trim();
    if (next === value) return undefined;
    const timer = setTimeout(() => onSearch(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className="list-search" role="search">
      <label htmlFor={id} className="list-search__label">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="list-search__input"
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(text.trim());
        }}
      />
    </div>
  );
}

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** Previous / next through server pages, with where we are. */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  const current = formatNumber(page, locale);
  const last = formatNumber(pages, locale);
  return (
    <nav className="list-pager" aria-label={t`Pages`}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t`Previous page`}
      </Button>
      <span className="list-pager__status">{t`Page ${current} of ${last}`}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t`Next page`}
      </Button>
    </nav>
  );
}

export interface QueryFailureProps {
  title: string;
  onRetry: () => void;
}

/** A read failed (after the query cache's retries): say what, and offer to try again. */
export function QueryFailure({ title, onRetry }: QueryFailureProps) {
  const { t } = useLingui();
  return (
    <div role="alert">
      <EmptyState title={title} description={t`Check your connection and try again.`}>
        <Button variant="secondary" onClick={onRetry}>
          {t`Try again`}
        </Button>
      </EmptyState>
    </div>
  );
}

/** A positive integer from the URL, else the fallback. */
export function positiveInt(value: string | null, fallback: number): number {
  if (value === null || !/^[1-9]\d{0,8}$/.test(value)) return fallback;
  return Number(value);
}
