import { useEffect, useRef } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconHistory, IconRefresh } from '@tabler/icons-react';
import { LoadError } from '../../components/load-error.tsx';
import { CenteredLoader } from '../../components/centered-loader.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadMore } from '../../components/load-more.tsx';
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
        <EmptyState icon={<IconHistory size={26} />} title="No activity yet">
          Creating, changing or deleting leads, clients and campaigns is recorded here.
        </EmptyState>
      ) : (
        <Stack gap="sm">
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {entries.map((entry) => (
              <li key={entry._id}>
                <ActivityCard entry={entry} />
              </li>
            ))}
          </Stack>
          <LoadMore
            hasMore={feed.hasNextPage}
            loading={feed.isFetchingNextPage}
            onLoadMore={() => void feed.fetchNextPage()}
            shown={entries.length}
          />
        </Stack>
      )}
    </Stack>
  );
};
