import { useEffect, useRef } from 'react';
import type { FieldValues, Path, PathValue, UseFormGetValues, UseFormSetValue } from 'react-hook-form';
import { takeTypedText } from '../../boot/held-input.ts';

/**
 * Text typed into a form of a server-rendered screen before the app took the screen over
 * (docs/adr/0069-held-input.md). react-hook-form keeps such text in the field and in its values, but what watches a
 * field (a password's strength meter, a counter) was rendered with the default and is not told. Once the form has
 * mounted, each text field typed into is given what was typed (remembered by the boot script,
 * src/boot/held-input.ts `takeTypedText`) as if typed again, so everything that reads the form agrees.
 *
 * Returns the ref for the `<form>`.
 */
export function useTypedBeforeTakeOver<T extends FieldValues>(
  setValue: UseFormSetValue<T>,
  getValues: UseFormGetValues<T>,
) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // After every effect of this render: a `useWatch` declared after this hook subscribes in its own effect, and
    // would miss a value set before it.
    queueMicrotask(() => {
      const element = form.current;
      if (element === null) return;
      for (const field of Array.from(element.elements)) {
        if (
          !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) ||
          field.name === ''
        ) {
          continue;
        }
        if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
          continue;
        const name = field.name as Path<T>;
        // Only the form's own text fields (a field it does not know, or a non-text one, is left alone).
        if (typeof getValues(name) !== 'string') continue;
        const typed = takeTypedText(field);
        if (typed === null) continue;
        // react-hook-form has it already (a field edited before the form was ready keeps its text) and tells no one
        // of a value it has: the field is emptied first, so that the typed text is news to every watcher.
        if (getValues(name) === typed) setValue(name, '' as PathValue<T, Path<T>>);
        setValue(name, typed as PathValue<T, Path<T>>, { shouldDirty: true });
      }
    });
    // Once, as the form mounts (both functions are the form's, stable): what is typed afterwards is the form's own.
  }, [setValue, getValues]);
  return form;
}
