import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { reloadOnNewBuild } from './lib/new-build.ts';
import { rememberPrerenderedInputs } from './lib/prerendered.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// Mount once the current route's code has loaded: the prerendered sign-in page (login.html)
// stays on screen until the real one replaces it, with no loading state in between.
const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    resolve();
  });
});

rememberPrerenderedInputs(container);

// A page left open across an upgrade loads the new build (at the screen being opened) instead
// of failing on files that are gone.
reloadOnNewBuild(() => {
  const next = router.state.navigation.location;
  return next ? router.createHref(next) : undefined;
});

void routerReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
