import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createElement, type MouseEvent, type ReactNode } from 'react';
import type { ToastContainerProps } from 'react-toastify';
import { getStoredLocale, i18n } from '../i18n/i18n.ts';

export interface ToastContent {
  title: string;
  message?: string;
}

const AUTO_CLOSE_MS = 5000;
const CLOSE_ICON =
  'M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function translationFor(translations: unknown, key: string): string | undefined {
  return isRecord(translations) ? nonEmptyString(translations[key]) : undefined;
}

/**
 * What a failure toast says (spec section 8), for the language `locale`:
 * the error's translation for that language (key in lowercase), else the English one, else its `title`,
 * else 'An error occurred'; its `message` underneath when present. An error with neither `code` nor
 * `status` is not a server answer: 'An unexpected error occurred'.
 */
export function toastContentFor(error: unknown, locale: string): ToastContent {
  const fields = isRecord(error) ? error : {};
  const hasCode = nonEmptyString(fields.code) !== undefined;
  const hasStatus = typeof fields.status === 'number' || nonEmptyString(fields.status) !== undefined;
  if (!hasCode && !hasStatus) {
    return { title: i18n._(msg`An unexpected error occurred`) };
  }
  const title =
    translationFor(fields.translations, locale.toLowerCase()) ??
    translationFor(fields.translations, 'en') ??
    nonEmptyString(fields.title) ??
    i18n._(msg`An error occurred`);
  const message = nonEmptyString(fields.message);
  return message !== undefined && message !== title ? { title, message } : { title };
}

function renderContent({ title, message }: ToastContent): ReactNode {
  return createElement(
    'div',
    { className: 'toast-content' },
    createElement('p', { className: 'toast-content__title' }, title),
    message === undefined ? null : createElement('p', { className: 'toast-content__message' }, message),
  );
}

/**
 * react-toastify is its own chunk, loaded with the first toast: nothing of it is fetched while a page loads (most
 * visits show no toast at all). The container mounts then (`Toasts` in src/app/providers.tsx), and the toast,
 * queued by react-toastify meanwhile, shows when it does.
 */
export const loadToastify = () => {
  if (!raised) {
    raised = true;
    for (const listener of listeners) listener();
  }
  return import('react-toastify');
};

let raised = false;
const listeners = new Set<() => void>();

/** For `useSyncExternalStore`: has a toast been raised yet (the container is needed from then on). */
export const toastsRaised = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): boolean => raised,
};

function report(error: unknown): void {
  console.error('[toast] react-toastify could not be loaded', error);
}

/** Shows a failed call as an error toast, in the stored language. */
export function showErrorToast(error: unknown): void {
  const content = renderContent(toastContentFor(error, getStoredLocale()));
  loadToastify().then(({ toast }) => toast.error(content), report);
}

export function showSuccessToast(text: string): void {
  const content = renderContent({ title: text });
  loadToastify().then(({ toast }) => toast.success(content), report);
}

/** Spec section 9: top-right, auto-close 5000 ms, hot key Alt+T (react-toastify's default, kept as is). */
export function toastContainerProps(active: I18n = i18n): ToastContainerProps {
  return {
    position: 'top-right',
    autoClose: AUTO_CLOSE_MS,
    newestOnTop: true,
    closeOnClick: false,
    pauseOnFocusLoss: true,
    pauseOnHover: true,
    draggable: false,
    theme: 'light',
    'aria-label': active._(msg`Notifications (Alt+T)`),
    closeButton: ({ closeToast, theme }) =>
      createElement(
        'button',
        {
          type: 'button',
          className: `Toastify__close-button Toastify__close-button--${theme}`,
          'aria-label': active._(msg`Close notification`),
          onClick: (event: MouseEvent) => {
            event.stopPropagation();
            closeToast(true);
          },
        },
        createElement(
          'svg',
          { 'aria-hidden': 'true', viewBox: '0 0 14 16' },
          createElement('path', { fillRule: 'evenodd', d: CLOSE_ICON }),
        ),
      ),
  };
}
