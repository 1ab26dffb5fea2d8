import { Link, useNavigation } from 'react-router';
import { Burger, Divider, Group, Loader, Title } from '@mantine/core';
import { Logo } from '../../components/logo.tsx';
import { OrganizationSwitcher } from '../../features/organizations/components/organization-switcher.tsx';
import { SearchTrigger } from '../../features/search/components/search-trigger.tsx';

type ShellHeaderProps = {
  title: string;
  homePath: string;
  mobile: boolean;
  opened: boolean;
  onToggle: () => void;
  burgerRef: (node: HTMLButtonElement | null) => void;
  /** A Super Admin chooses the organisation they work in here. */
  superAdmin: boolean;
};

export const ShellHeader = ({
  title,
  homePath,
  mobile,
  opened,
  onToggle,
  burgerRef,
  superAdmin,
}: ShellHeaderProps) => {
  const navigation = useNavigation();
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {mobile ? (
          <Burger
            ref={burgerRef}
            opened={opened}
            onClick={onToggle}
            size="sm"
            aria-label={opened ? 'Close navigation' : 'Open navigation'}
            aria-expanded={opened}
            aria-controls="app-navigation"
          />
        ) : null}
        {/* On a phone a Super Admin's switcher needs the room: the page title stays, the logo
            goes (the navigation still leads home). */}
        {mobile && superAdmin ? null : (
          <>
            <Link
              to={homePath}
              aria-label="Leadline home"
              style={{ flexShrink: 0, textDecoration: 'none', display: 'flex' }}
            >
              <Logo height={mobile ? 24 : 30} />
            </Link>
            <Divider orientation="vertical" h={24} style={{ alignSelf: 'center' }} />
          </>
        )}
        <Title
          order={1}
          size="h4"
          fw={600}
          style={{
            minWidth: 0,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {title}
        </Title>
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        {navigation.state !== 'idle' ? <Loader size="xs" aria-label="Loading page" /> : null}
        <SearchTrigger compact={mobile} />
        {superAdmin ? <OrganizationSwitcher compact={mobile} /> : null}
      </Group>
    </Group>
  );
};
