import type { InputHTMLAttributes } from 'react';
import type { FieldRegistration } from './auth-form-state.ts';
import './auth-form.css';

export interface AuthFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  id: string;
  label: string;
  /** The translated validation message, or `null`. */
  error: string | null;
  /** `register(name)` of react-hook-form or of `useAuthForm`. */
  registration: FieldRegistration;
  /** The id of text that explains the field (a strength meter), read after the error. */
  hintId?: string;
}

/** A labelled input whose error is tied to it (`aria-invalid`, `aria-describedby`) and announced. */
export function AuthField({ id, label, error, registration, hintId, ...input }: AuthFieldProps) {
  const errorId = `${id}-error`;
  const describedBy = [error === null ? null : errorId, hintId ?? null]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-invalid={error === null ? undefined : true}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        {...input}
        {...registration}
      />
      {error === null ? null : (
        <p id={errorId} className="error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
