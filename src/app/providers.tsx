import { I18nProvider, useLingui } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { setFailureReporter } from '../api/failure-bridge.ts';
import { queryClient } from '../api/query-client.ts';
import { i18n } from '../i18n/i18n.ts';
import { loadToastify, showErrorToast, toastContainerProps } from '../ui/toast.ts';

// A failed write the cache sees (spec section 8) is shown as a toast.
setFailureReporter(showErrorToast);

const ToastContainer = lazy(() => loadToastify().then(({ ToastContainer }) => ({ default: ToastContainer })));

/** Container props depend on the language (its region label): rendered inside I18nProvider to follow it. */
function Toasts() {
  const { i18n: active } = useLingui();
  return (
    <Suspense fallback={null}>
      <ToastContainer {...toastContainerProps(active)} />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toasts />
      </QueryClientProvider>
    </I18nProvider>
  );
}
