import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { NO_AUDIT_FILTERS, periodError } from '../api/audit-filters.ts';
import type { AuditFilters } from '../api/audit-filters.ts';
import { downloadAuditCsv } from '../api/download-audit.ts';
import { useAuditLog } from '../api/get-audit.ts';
import { AuditEntries } from './audit-entries.tsx';
import { AuditFiltersBar } from './audit-filters-bar.tsx';
import type { AuditUserOption } from './audit-filters-bar.tsx';

const FETCH_FAILED = 'Failed to load the audit log.';

/**
 * /audit: the security events of the organisation (every organisation for a Super Admin),
 * newest first, filtered by user, kind and period (kept in the URL), with "Download CSV".
 */
export const AuditLog = ({ users }: { users: readonly AuditUserOption[] }) => {
  const [filters, setFilters] = useUrlState<keyof AuditFilters>(NO_AUDIT_FILTERS);
  const error = periodError(filters);
  const log = useAuditLog(filters, error === null);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadAuditCsv(filters);
    } catch (failure) {
      notifyError(errorMessage(failure, 'The CSV could not be downloaded.'), failure);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap={0} maw={1200}>
      <PageHeader
        title="Audit Log"
        description="Security events: sign-ins, two-step sign-in, passwords, roles and permissions, users, API keys, webhooks, Automation rules, exports and backups."
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void download()}
            loading={downloading}
            disabled={error !== null}
          >
            Download CSV
          </Button>
        }
      />
      <AuditFiltersBar
        filters={filters}
        users={users}
        error={error}
        onChange={(patch) => setFilters(patch, { replace: true })}
      />
      {log.isPending && error === null ? (
        <CenteredLoader label="Loading the audit log" />
      ) : log.isError && !log.isFetchNextPageError ? (
        <LoadError
          title="Could not load the audit log"
          message={errorMessage(log.error, FETCH_FAILED)}
          onRetry={() => void log.refetch()}
          retrying={log.isFetching}
        />
      ) : entries.length === 0 ? (
        <EmptyState icon={<IconShieldCheck size={26} />} title="No entries">
          Nothing was recorded for these filters.
        </EmptyState>
      ) : (
        <Stack gap="sm">
          <AuditEntries entries={entries} />
          <LoadMore
            hasMore={log.hasNextPage}
            loading={log.isFetchingNextPage}
            onLoadMore={() => void log.fetchNextPage()}
            shown={entries.length}
          />
        </Stack>
      )}
    </Stack>
  );
};
