import { useEffect, useRef } from 'react';
import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHistory, IconRefresh } from '@tabler/icons-react';
import { LoadError } from '../../components/load-error.tsx';
import { CenteredLoader } from '../../components/centered-loader.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { notifyError } from '../../lib/notify.ts';
import { useActivityFeed } from '../../features/activity/api/get-activity.ts';
import { ActivityCard } from '../../features/activity/components/activity-card.tsx';

const FETCH_FAILED = 'Failed to fetch activities.';

/** /activity: every change in the organisation, newest first, a page at a time. */
export const ActivityRoute = () => {
  const feed = useActivityFeed();
  const entries = feed.data?.pages.flat() ?? [];
  const refreshing = feed.isRefetching && !feed.isFetchingNextPage;

  // A page after the first that fails: the entries shown stay, a toast says why.
  const { isFetchNextPageError, error } = feed;
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (isFetchNextPageError && error && reported.current !== error) {
      reported.current = error;
      console.warn('Failed to fetch activities', error);
      notifyError(errorMessage(error, FETCH_FAILED), error);
    }
  }, [isFetchNextPageError, error]);

  return (
    <Stack gap={0} maw={880}>
      <PageHeader
        title="Activity Log"
        description="Every change made in your organisation, newest first."
        actions={
          feed.isSuccess ? (
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void feed.refetch()}
              loading={refreshing}
            >
              Refresh
            </Button>
          ) : null
        }
      />
      {feed.isPending ? (
        <CenteredLoader label="Loading activity" />
      ) : feed.isError && !feed.isFetchNextPageError ? (
        <LoadError
          title="Could not load activity"
          message={errorMessage(feed.error, FETCH_FAILED)}
          onRetry={() => void feed.refetch()}
          retrying={feed.isFetching}
        />
      ) : entries.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap={6}>
            <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
              <IconHistory size={26} />
            </ThemeIcon>
            <Title order={2} size="h4">
              No activity yet
            </Title>
            <Text c="dimmed" ta="center" size="sm">
              Creating, changing or deleting leads, clients and campaigns is recorded here.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="sm">
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {entries.map((entry) => (
              <li key={entry._id}>
                <ActivityCard entry={entry} />
              </li>
            ))}
          </Stack>
          <Center py="sm">
            {feed.hasNextPage ? (
              <Button
                variant="light"
                onClick={() => void feed.fetchNextPage()}
                loading={feed.isFetchingNextPage}
              >
                Load more
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {entries.length === 1 ? 'That is the only entry.' : 'That is the oldest entry.'}
              </Text>
            )}
          </Center>
        </Stack>
      )}
    </Stack>
  );
};
