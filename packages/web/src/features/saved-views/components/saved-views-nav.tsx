import { Link, useLocation } from 'react-router';
import { Badge, NavLink, Stack, Text } from '@mantine/core';
import { IconBookmark } from '@tabler/icons-react';
import { savedViewPath } from '@leadline/shared/saved-views';
import { useSavedViews } from '../api/saved-views.ts';
import { viewCount } from './view-count.ts';

/** The navigation's saved views, each with how many records it shows now (none: nothing). */
export const SavedViewsNav = ({ enabled }: { enabled: boolean }) => {
  const { search } = useLocation();
  const views = useSavedViews(enabled);
  const list = views.data?.views ?? [];
  if (list.length === 0) return null;
  const open = new URLSearchParams(search).get('view');
  return (
    <nav aria-labelledby="saved-views-heading">
      <Text
        id="saved-views-heading"
        size="xs"
        fw={700}
        c="dimmed"
        tt="uppercase"
        px="sm"
        mt="md"
        mb={4}
      >
        Saved views
      </Text>
      <Stack gap={2}>
        {list.map((view) => {
          const count = viewCount(view);
          const active = open === view._id;
          return (
            <NavLink
              key={view._id}
              component={Link}
              to={savedViewPath(view)}
              label={view.name}
              description={
                view.entity === 'client' ? 'Clients' : view.shared ? 'Shared' : undefined
              }
              leftSection={<IconBookmark size={18} stroke={1.6} aria-hidden />}
              rightSection={
                count ? (
                  <Badge size="sm" variant="light" color="gray" aria-label={`${count} records`}>
                    {count}
                  </Badge>
                ) : undefined
              }
              active={active}
              aria-current={active ? 'page' : undefined}
              variant="light"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          );
        })}
      </Stack>
    </nav>
  );
};
