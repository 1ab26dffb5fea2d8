import { Button, Center, Text } from '@mantine/core';

type LoadMoreProps = {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** How many entries are shown (the end of the list says whether it is the only one). */
  shown: number;
};

/** Under a list read a page at a time: "Load more", or that the oldest entry is shown. */
export const LoadMore = ({ hasMore, loading, onLoadMore, shown }: LoadMoreProps) => (
  <Center py="sm">
    {hasMore ? (
      <Button variant="light" onClick={onLoadMore} loading={loading}>
        Load more
      </Button>
    ) : (
      <Text size="sm" c="dimmed">
        {shown === 1 ? 'That is the only entry.' : 'That is the oldest entry.'}
      </Text>
    )}
  </Center>
);
