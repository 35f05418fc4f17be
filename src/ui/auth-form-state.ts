import { useCallback, useRef, useState, type ChangeEvent, type FormEvent, type RefCallback } from 'react';

/** What a field of `useAuthForm` spreads on its input (react-hook-form's `register` gives the same shape). */
export interface FieldRegistration {
  name: string;
  ref: RefCallback<HTMLInputElement>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => unknown;
  onBlur: (event: ChangeEvent<HTMLInputElement>) => unknown;
}

type Check<T> = (values: T) => { values: T; errors: Partial<Record<keyof T, string>> };

/**
 * A small uncontrolled form, validated the way the other auth forms are with react-hook-form's defaults: on
 * submit, then again on every change once submitted (only the changed field's message moves); a submit with
 * errors focuses the first field in error and does not submit. For the login page, so it needs neither
 * react-hook-form nor zod.
 */
export function useAuthForm<T extends { [K in keyof T]: string }>(
  fields: readonly (keyof T & string)[],
  check: Check<T>,
) {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});

  const read = useCallback((): T => {
    const values: Record<string, string> = {};
    for (const name of fields) values[name] = inputs.current.get(name)?.value ?? '';
    return values as T;
  }, [fields]);

  const register = (name: keyof T & string): FieldRegistration => ({
    name,
    ref: (element) => {
      if (element === null) inputs.current.delete(name);
      else inputs.current.set(name, element);
    },
    onChange: () => {
      if (!submitted.current) return;
      const message = check(read()).errors[name];
      setErrors((current) => {
        if (current[name] === message) return current;
        const next = { ...current };
        if (message === undefined) delete next[name];
        else next[name] = message;
        return next;
      });
    },
    onBlur: () => undefined,
  });

  const handleSubmit = (onValid: (values: T) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const result = check(read());
    setErrors(result.errors);
    const firstInvalid = fields.find((name) => result.errors[name] !== undefined);
    if (firstInvalid === undefined) onValid(result.values);
    else inputs.current.get(firstInvalid)?.focus();
  };

  return { register, errors, handleSubmit };
}
