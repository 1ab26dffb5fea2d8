import { useCallback, useEffect, useState } from 'react';
import type { MouseEvent } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AppShell, Overlay } from '@mantine/core';
import { useClickOutside, useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { landingPath } from '@leadline/shared/permissions';
import { NoPermissionPage } from '../../components/no-permission-page.tsx';
import { MOBILE_QUERY } from '../../lib/constants.ts';
import { useSession } from '../../lib/session.ts';
import { signOut } from '../../lib/sign-out.ts';
import { isAllowed, useShellHandle } from '../route-access.ts';
import { MailboxNotice } from './mailbox-notice.tsx';
import { ShellHeader } from './shell-header.tsx';
import { Sidebar } from './sidebar.tsx';
import classes from './skip-link.module.css';
import { useBackGuard } from './use-back-guard.ts';
import { useSessionRefresh } from './use-session-refresh.ts';

/** Focuses the main content without a history entry for the #hash (Back stays Back). */
const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
  event.preventDefault();
  document.getElementById('main-content')?.focus();
};

/** The signed-in frame: header with the section title, sidebar, and the current screen. */
export const ShellLayout = () => {
  const { user } = useSession();
  const handle = useShellHandle();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const [opened, { toggle, close }] = useDisclosure(false);
  const [navbar, setNavbar] = useState<HTMLElement | null>(null);
  const [burger, setBurger] = useState<HTMLButtonElement | null>(null);

  const logout = useCallback(() => {
    signOut();
    void navigate('/login', { replace: true });
  }, [navigate]);

  useBackGuard(logout);
  useSessionRefresh();

  // The mobile sidebar closes on navigation, on Escape and on a click outside it.
  useEffect(() => close(), [pathname, close]);
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  useClickOutside(() => mobile && opened && close(), null, [navbar, burger]);

  if (!user) return <Navigate to="/login" replace />;

  return (
    <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
      <a href="#main-content" className={classes.skip} onClick={skipToMain}>
        Skip to main content
      </a>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding={{ base: 'sm', xs: 'md', sm: 'lg' }}
      >
        <AppShell.Header>
          <ShellHeader
            title={handle.title}
            homePath={landingPath(user.role, user.permissions) ?? '/profile'}
            mobile={mobile}
            opened={opened}
            onToggle={toggle}
            burgerRef={setBurger}
            superAdmin={user.role === 'Super Admin'}
          />
        </AppShell.Header>
        <AppShell.Navbar
          ref={setNavbar}
          id="app-navigation"
          aria-label="Sidebar"
          aria-hidden={mobile && !opened ? true : undefined}
          inert={mobile && !opened ? true : undefined}
        >
          <Sidebar user={user} onLogout={logout} />
        </AppShell.Navbar>
        {mobile && opened ? (
          <Overlay fixed zIndex={99} backgroundOpacity={0.35} onClick={close} />
        ) : null}
        <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
          {isAllowed(user, { permission: 'configureEmail' }) ? <MailboxNotice /> : null}
          {isAllowed(user, handle.access) ? <Outlet /> : <NoPermissionPage />}
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
};
