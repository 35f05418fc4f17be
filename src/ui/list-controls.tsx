/** Search field and query-failure message shared by the paged list screens (the pager is `pagination.tsx`). */
import { useEffect, useId, useRef, useState } from 'react';
import { takeTypedText } from '../boot/held-input.ts';
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
  const field = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  useEffect(() => {
    // Typed on the server-rendered screen before the app took it over: hydration puts the field back at the
    // search in effect, so the typed text is taken here and searched for as if typed now.
    const typed = field.current === null ? null : takeTypedText(field.current);
    if (typed !== null) setText(typed);
  }, []);
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
        ref={field}
        id={id}
        name="q"
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

/** The one failed-read message (re-exported here for the list screens that import it with the search field). */
export { QueryFailure } from './query-failure.tsx';

/** A positive integer from the URL, else the fallback. */
export function positiveInt(value: string | null, fallback: number): number {
  if (value === null || !/^[1-9]\d{0,8}$/.test(value)) return fallback;
  return Number(value);
}
