import { useLingui } from '@lingui/react/macro';
import { fieldMessage, SERVER_FIELD_MESSAGES } from './personal-messages.ts';

/**
 * The message of a field: the form's own validation first, then what the server refused in that field
 * (`serverFields` from the machine's error).
 */
export function useFieldError(serverFields: readonly string[] = []) {
  const { i18n } = useLingui();
  return (name: string, code: string | undefined): string | null => {
    const local = fieldMessage(code);
    if (local !== null) return i18n._(local);
    const server = serverFields.includes(name) ? SERVER_FIELD_MESSAGES[name] : undefined;
    return server === undefined ? null : i18n._(server);
  };
}
