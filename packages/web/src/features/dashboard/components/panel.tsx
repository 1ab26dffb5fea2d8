import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { StyleProp } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';

type PanelProps = {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
};

/** A titled dashboard section (chart, list or breakdown). */
export const Panel = ({ title, description, action, children }: PanelProps) => (
  <Card withBorder radius="md" padding="lg" component="section" aria-label={title} h="100%">
    <Stack gap="md" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} size="h4">
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {action}
      </Group>
      {children}
    </Stack>
  </Card>
);

type EmptyStateProps = {
  icon: ReactNode;
  title: string;
  hint: ReactNode;
  minHeight?: StyleProp<number>;
};

/** An honest empty state inside a panel. */
export const PanelEmpty = ({ icon, title, hint, minHeight }: EmptyStateProps) => (
  <Stack align="center" justify="center" gap={6} py="lg" mih={minHeight} style={{ flex: 1 }}>
    {icon}
    <Text fw={600} ta="center">
      {title}
    </Text>
    <Text size="sm" c="dimmed" ta="center" maw={320}>
      {hint}
    </Text>
  </Stack>
);

/** The "View all" link in a panel's header. */
export const PanelLink = ({ to, label }: { to: string; label: string }) => (
  <Anchor
    component={Link}
    to={to}
    size="sm"
    aria-label={label}
    style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
  >
    View all
    <IconArrowRight size={14} aria-hidden />
  </Anchor>
);

type ListPanelProps<Item extends { _id: string }> = {
  title: string;
  description: string;
  action: ReactNode;
  items: readonly Item[];
  /** An ordered list (<ol>) rather than <ul>. */
  ordered?: boolean;
  empty: { icon: Icon; title: string; hint: string };
  /** What one item's row shows. */
  children: (item: Item) => ReactNode;
};

/** A panel listing items, one row each, or an empty state when there are none. */
export const ListPanel = <Item extends { _id: string }>({
  title,
  description,
  action,
  items,
  ordered = false,
  empty,
  children,
}: ListPanelProps<Item>) => (
  <Panel title={title} description={description} action={action}>
    {items.length === 0 ? (
      <PanelEmpty
        icon={
          <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
            <empty.icon size={24} />
          </ThemeIcon>
        }
        title={empty.title}
        hint={empty.hint}
      />
    ) : (
      <Stack gap="sm" component={ordered ? 'ol' : 'ul'} p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <Group key={item._id} component="li" gap="sm" wrap="nowrap" align="flex-start">
            {children(item)}
          </Group>
        ))}
      </Stack>
    )}
  </Panel>
);
