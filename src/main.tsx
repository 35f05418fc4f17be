import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { activateLocale, getStoredLocale } from './i18n/i18n.ts';
import './styles/index.css';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element');
  // The stored language is active before the first render: no flash of another language.
  try {
    await activateLocale(getStoredLocale());
  } catch (error) {
    console.error('The language catalog could not be loaded', error);
  }
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();
