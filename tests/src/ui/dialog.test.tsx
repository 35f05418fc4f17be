// @vitest-environment jsdom
// The shared modal form dialog: labelled by its title, focus on the first field (or the safe button), Escape and the
// safe button ask the owner to close, focus returns to the opener once the owner stops rendering it. (jsdom has no
// showModal, so the dialog opens inline there; the e2e order-page specs run it modal in Chromium.)
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, type DialogProps } from '#src/ui/dialog.tsx';

afterEach(() => {
  cleanup();
});

/** An opener button and the dialog it shows while `open` (the stand-in for the owner's machine state). */
function Owner({ withField, ...props }: Partial<DialogProps> & { withField: boolean }) {
  const [open, setOpen] = useState(false);
  const [closes, setCloses] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <output data-testid="closes">{closes}</output>
      {open ? (
        <Dialog
          title="Decline order 42?"
          description="Order No. 42. This cannot be undone."
          name="test"
          submitLabel="Decline"
          closeLabel="Back"
          busy={false}
          onSubmit={() => undefined}
          {...props}
          onClose={() => {
            setCloses((count) => count + 1);
            setOpen(false);
          }}
        >
          {withField ? <textarea aria-label="Reason" /> : null}
        </Dialog>
      ) : null}
    </>
  );
}

function openDialog(): HTMLButtonElement {
  const opener = screen.getByRole<HTMLButtonElement>('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('Dialog', () => {
  it('is labelled by its title, described by its sentence, and focuses the first field', () => {
    render(<Owner withField />);
    openDialog();
    const dialog = screen.getByRole('dialog', { name: 'Decline order 42?' });
    expect(dialog).toHaveProperty('open', true);
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Order No. 42. This cannot be undone.');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Reason' }));
    expect(dialog.querySelector('form')?.getAttribute('data-form')).toBe('test');
  });

  it('focuses the safe button when it has no field, never the confirming one', () => {
    render(<Owner withField={false} />);
    openDialog();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Back' }));
  });

  it('asks to close on Escape (cancel) and gives focus back to the opener', () => {
    render(<Owner withField />);
    const opener = openDialog();
    const dialog = screen.getByRole('dialog');
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('closes').textContent).toBe('1');
    expect(document.activeElement).toBe(opener);
  });

  it('closes with the safe button, and not on Escape while busy', () => {
    const { rerender } = render(<Owner withField busy />);
    openDialog();
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toHaveProperty('disabled', true);
    rerender(<Owner withField busy={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('submits through onSubmit, shows the error it is given, and marks the destructive confirmation', () => {
    const onSubmit = vi.fn();
    render(
      <Owner withField destructive onSubmit={onSubmit} error={{ id: 'e1', text: 'Write the reason.' }} />,
    );
    openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe('Write the reason.');
    expect(screen.getByRole('alert').id).toBe('e1');
    expect(screen.getByRole('button', { name: 'Decline' }).className).toContain(
      'dialog__confirm--destructive',
    );
  });
});
