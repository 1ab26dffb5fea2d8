import { renderToString } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { AuthLayout } from '../features/auth/components/auth-layout.tsx';
import { SignInForm } from '../features/auth/components/sign-in-form.tsx';
import { SsoSignIn } from '../features/sso/components/sso-sign-in.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The sign-in page as static HTML, written into dist/login.html at build time so that it is
 * painted before any script has run; the app replaces it once its route is loaded.
 */
export const renderLogin = (): string =>
  renderToString(
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/login']}>
          <AuthLayout subtitle="Sign in to your account">
            <SignInForm onSignedIn={() => undefined} prerendered />
            <SsoSignIn errorCode={null} />
          </AuthLayout>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
