/**
 * A react-hook-form form on a server-rendered screen keeps what was typed into it before the app took the page over.
 * The server renders each field with its value (`defaultValue`, the same as the form's default); as the app takes
 * the field over, react-hook-form puts it back at that default, so the text typed meanwhile (remembered by the boot
 * script, `takeTypedText`, docs/adr/0069-held-input.md) is given back to the form here, as if typed again: it is
 * the form's value, dirty, and validated on submit as usual (docs/adr/0151-the-last-screens-rendered-by-the-server.md).
 */
import { type RefObject, useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormSetValue } from 'react-hook-form';
import { takeTypedText } from '../../boot/held-input.ts';

export function useTypedText<T extends FieldValues>(
  form: RefObject<HTMLFormElement | null>,
  setValue: UseFormSetValue<T>,
): void {
  useEffect(() => {
    const fields = form.current?.elements;
    if (fields === undefined) return;
    for (const field of Array.from(fields)) {
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || field.name === '')
        continue;
      const typed = takeTypedText(field);
      if (typed !== null)
        setValue(field.name as Path<T>, typed as PathValue<T, Path<T>>, { shouldDirty: true });
    }
  }, [form, setValue]);
}
