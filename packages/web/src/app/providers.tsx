import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider, focusManager } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-client.ts';
import { getSession, subscribeSession } from '../lib/session.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// "Window focus" means both a tab becoming visible and the window regaining focus, so the
// signed-in user's permissions (GET /api/auth/me) are fresh whenever they come back.
focusManager.setEventListener((handleFocus) => {
  const onChange = () => handleFocus();
  window.addEventListener('visibilitychange', onChange, false);
  window.addEventListener('focus', onChange, false);
  return () => {
    window.removeEventListener('visibilitychange', onChange);
    window.removeEventListener('focus', onChange);
  };
});

/** The seconds a busy server asked to wait before the next try, if it did. */
const busyFor = (error: unknown): number | null =>
  error instanceof ApiRequestError && error.status === 503 ? error.retryAfterSeconds : null;

const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again; a busy server (503) says when to come back.
        retry: (failureCount, error) =>
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
          failureCount < (busyFor(error) === null ? 2 : 5),
        retryDelay: (failureCount, error) =>
          (busyFor(error) ?? Math.min(2 ** failureCount, 30)) * 1000,
      },
      mutations: { retry: false },
    },
  });

export const AppProviders = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createQueryClient);

  // Nothing of one session survives into the next.
  useEffect(() => {
    let token = getSession().token;
    return subscribeSession(() => {
      const next = getSession().token;
      if (token !== null && next !== token) queueMicrotask(() => queryClient.clear());
      token = next;
    });
  }, [queryClient]);

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <Notifications position="top-right" limit={4} zIndex={1000} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
};
