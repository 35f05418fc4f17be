import { I18nProvider, useLingui } from '@lingui/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { setFailureReporter } from '../api/failure-bridge.ts';
import { i18n } from '../i18n/i18n.ts';
import { loadToastify, showErrorToast, toastContainerProps } from '../ui/toast.ts';

// A failed write the cache sees (spec section 8) is shown as a toast.
setFailureReporter(showErrorToast);

const ToastContainer = lazy(() => loadToastify().then(({ ToastContainer }) => ({ default: ToastContainer })));

/** True once the page has loaded and the browser is idle (at once where there is no idle callback, as in jsdom). */
function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancel: () => void = () => undefined;
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(() => setReady(true), { timeout: 2000 });
        cancel = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(() => setReady(true), 0);
        cancel = () => window.clearTimeout(id);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      cancel();
    };
  }, []);
  return ready;
}

/**
 * Container props depend on the language (its region label): rendered inside I18nProvider to follow it. It mounts
 * (and react-toastify's chunk loads) once the page has loaded, not while the first screen competes for the network
 * and the main thread; a toast raised before is queued by react-toastify and shows when the container mounts.
 */
function Toasts() {
  const { i18n: active } = useLingui();
  const ready = useAfterLoad();
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer {...toastContainerProps(active)} />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      {children}
      <Toasts />
    </I18nProvider>
  );
}
