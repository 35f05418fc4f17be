// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { showErrorToast, showSuccessToast, toastContainerProps } from '#src/ui/toast.ts';
import { activateLocale, i18n } from '#src/i18n/i18n.ts';

function renderToasts() {
  return render(
    <I18nProvider i18n={i18n}>
      <ToastContainer {...toastContainerProps()} />
    </I18nProvider>,
  );
}

describe('the toast bridge', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('is configured as spec section 9 says: top-right, 5000 ms, Alt+T focuses the named region', async () => {
    await activateLocale('en');
    const props = toastContainerProps();
    expect(props.position).toBe('top-right');
    expect(props.autoClose).toBe(5000);
    renderToasts();
    const region = screen.getByRole('region', { name: 'Notifications (Alt+T)' });
    act(() => showSuccessToast('Saved'));
    await screen.findByText('Saved');
    fireEvent.keyDown(document, { key: 't', code: 'KeyT', altKey: true });
    expect(region.contains(document.activeElement)).toBe(true);
  });

  it('shows a failure in the language stored in local storage, with its message', async () => {
    await activateLocale('it');
    renderToasts();
    act(() =>
      showErrorToast({
        status: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid credentials',
        translations: { ru: 'Неверные данные', en: 'Wrong credentials', it: 'Credenziali errate' },
      }),
    );
    expect(await screen.findByText('Credenziali errate')).toBeTruthy();
    expect(screen.getByText('Invalid credentials')).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('shows a success message', async () => {
    await activateLocale('en');
    renderToasts();
    act(() => showSuccessToast('Saved'));
    expect(await screen.findByText('Saved')).toBeTruthy();
  });
});
