import { I18nProvider, useLingui } from '@lingui/react';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { setFailureReporter } from '../api/failure-bridge.ts';
import { i18n } from '../i18n/i18n.ts';
import { loadToastify, showErrorToast, toastContainerProps, toastsRaised } from '../ui/toast.ts';

// A failed write the cache sees (spec section 8) is shown as a toast.
setFailureReporter(showErrorToast);

const ToastContainer = lazy(() => loadToastify().then(({ ToastContainer }) => ({ default: ToastContainer })));

/**
 * Container props depend on the language (its region label): rendered inside I18nProvider to follow it. It mounts
 * (and react-toastify's chunk loads) with the first toast, not while a page loads.
 */
function Toasts() {
  const { i18n: active } = useLingui();
  const raised = useSyncExternalStore(toastsRaised.subscribe, toastsRaised.current, toastsRaised.current);
  if (!raised) return null;
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
