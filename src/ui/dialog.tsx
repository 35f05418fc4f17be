import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import './dialog.css';

export interface DialogProps {
  /** The heading the dialog and its form are labelled by. */
  title: string;
  /** One sentence under the title that names what the dialog acts on (the dialog's description). */
  description?: string;
  /** `data-form` of the form, for tests and styles. */
  name: string;
  /** The confirming button's label. */
  submitLabel: string;
  /** The safe button's label ("Back"). */
  closeLabel: string;
  /** A request is under way: both buttons are disabled and Escape does nothing. */
  busy: boolean;
  /** The answer to the last try, shown under the fields and referenced by them (`aria-describedby`). */
  error?: { id: string; text: string } | null;
  /** Reject, decline, cancel: the confirming button in the error colour (#BB0D44). */
  destructive?: boolean;
  onSubmit: () => void;
  /** Escape, the safe button: the owner's machine closes the dialog by no longer rendering it. */
  onClose: () => void;
  /** The fields. */
  children?: ReactNode;
}

const FIELDS = 'input:not([disabled]), textarea:not([disabled]), select:not([disabled])';

/** Opens `dialog` as a modal (the rest of the page inert); an environment without `showModal` shows it inline. */
function openModal(dialog: HTMLDialogElement): void {
  if (dialog.open) return;
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

/** Focus where typing starts: the first field, else the safe button (never the confirming one). */
function focusStart(dialog: HTMLDialogElement): void {
  const start =
    dialog.querySelector<HTMLElement>(FIELDS) ?? dialog.querySelector<HTMLElement>('[data-dialog-safe]');
  start?.focus();
}

/**
 * A modal form dialog on the native `<dialog>` (`showModal`): labelled by its title, described by its first sentence,
 * focus on the first field (or the safe button) when it opens, Escape and the safe button ask `onClose`, and focus
 * goes back to the control that opened it once it is gone. It is open while it is rendered: whether it is, the
 * owner's machine decides.
 */
export function Dialog({
  title,
  description,
  name,
  submitLabel,
  closeLabel,
  busy,
  error = null,
  destructive = false,
  onSubmit,
  onClose,
  children,
}: DialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  // Read while rendering the opening frame: after it commits, the opener may already be disabled and blurred.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    openModal(element);
    focusStart(element);
    return () => {
      const focused = document.activeElement;
      const lost = focused === null || focused === document.body || !focused.isConnected;
      if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [opener]);
  const titleId = `${id}-title`;
  const descriptionId = description === undefined ? undefined : `${id}-description`;
  return (
    <dialog
      ref={dialog}
      className={destructive ? 'dialog dialog--destructive' : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form
        className="dialog__panel"
        aria-labelledby={titleId}
        data-form={name}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {description === undefined ? null : (
          <p id={descriptionId} className="dialog__description">
            {description}
          </p>
        )}
        {children}
        {error === null ? null : (
          <p id={error.id} className="dialog__error" role="alert">
            {error.text}
          </p>
        )}
        <div className="dialog__buttons">
          <Button
            type="submit"
            className={destructive ? 'dialog__confirm--destructive' : undefined}
            disabled={busy}
            aria-busy={busy}
          >
            {submitLabel}
          </Button>
          <Button variant="secondary" data-dialog-safe="" disabled={busy} onClick={onClose}>
            {closeLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
