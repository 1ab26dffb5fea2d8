import { useState } from 'react';
import { Paper, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { SUPPRESSIONS_PER_PAGE } from '@leadline/shared/suppression';
import type { Suppression } from '@leadline/shared/suppression';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { DebouncedInput } from '../../../components/search-input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSuppressions } from '../api/get-suppressions.ts';
import { useRemoveSuppression } from '../api/remove-suppression.ts';
import { confirmRemoval } from './confirm-removal.tsx';
import { SuppressionTable } from './suppression-table.tsx';

/** The searchable, paged list of suppressed addresses and domains, each removable. */
export const SuppressionList = () => {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useSuppressions({ page, search });
  const remove = useRemoveSuppression();

  const onRemove = (entry: Suppression) =>
    confirmRemoval(entry, () => {
      remove.mutate(entry._id, {
        onSuccess: () => notifySuccess(`${entry.email} removed from the suppression list`),
        onError: (error) => notifyError(errorMessage(error, 'It could not be removed.'), error),
      });
    });

  const data = list.data;
  return (
    <Stack gap="sm">
      <DebouncedInput
        aria-label="Search the suppression list"
        placeholder="Search addresses and domains"
        leftSection={<IconSearch size={16} />}
        value={search}
        onCommit={(value) => {
          setSearch(value);
          setPage(1);
        }}
        maw={420}
      />
      {list.isPending ? (
        <CenteredLoader label="Loading the suppression list" />
      ) : list.isError ? (
        <LoadError
          title="The suppression list could not be loaded"
          message={errorMessage(list.error, 'Please try again.')}
          onRetry={() => void list.refetch()}
          retrying={list.isRefetching}
        />
      ) : data && data.total === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            {search
              ? `No suppressed address or domain matches “${search}”.`
              : 'No address is suppressed yet. People who unsubscribe, hard bounces and the entries you add appear here.'}
          </Text>
        </Paper>
      ) : data ? (
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'sm' }}>
          <SuppressionTable entries={data.suppressions} onRemove={onRemove} />
          <PaginationBar
            page={data.page}
            pageSize={SUPPRESSIONS_PER_PAGE}
            total={data.total}
            noun={data.total === 1 ? 'entry' : 'entries'}
            onPageChange={setPage}
            disabled={list.isFetching}
          />
        </Paper>
      ) : null}
    </Stack>
  );
};
