import { useRef } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, FileButton, Group, SegmentedControl } from '@mantine/core';
import { IconDownload, IconMail, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import type { BulkEmailState } from './bulk-email.ts';
import { useLeadView } from './lead-view-state.ts';
import type { LeadScope } from './lead-view-state.ts';

/**
 * "My leads | All leads", kept in the URL with the filters (a Sales Rep starts on My leads). A
 * person chosen in the Owner filter is neither: then no segment is lit.
 */
const LeadScopeControl = () => {
  const { scope, setScope } = useLeadView();
  return (
    <SegmentedControl
      aria-label="Leads shown"
      radius="md"
      value={scope ?? ''}
      onChange={(value) => setScope(value as LeadScope)}
      data={[
        { value: 'mine', label: 'My leads' },
        { value: 'all', label: 'All leads' },
      ]}
    />
  );
};

type LeadsToolbarProps = {
  canCreate: boolean;
  /** Uploading creates leads: the createLead permission. */
  canUpload: boolean;
  canBulkEmail: boolean;
  bulkEmail: BulkEmailState;
  /** The Assign control (Lead Management), first of the bulk actions. */
  assign?: ReactNode;
  onBulkEmail: () => void;
  selectedCount: number;
  onBulkDelete: () => void;
  deleting: boolean;
  accept: string;
  onUpload: (file: File | null) => void;
  uploading: boolean;
  onDownload: () => void;
  downloading: boolean;
};

/** My leads / All leads and the actions above the leads table. */
export const LeadsToolbar = ({
  canCreate,
  canUpload,
  canBulkEmail,
  bulkEmail,
  assign,
  onBulkEmail,
  selectedCount,
  onBulkDelete,
  deleting,
  accept,
  onUpload,
  uploading,
  onDownload,
  downloading,
}: LeadsToolbarProps) => {
  // Cleared after each pick, so the same file can be chosen again.
  const resetFile = useRef<() => void>(null);
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <LeadScopeControl />
      <Group gap="xs" wrap="wrap">
        {canCreate ? (
          <Button component={Link} to="/create-lead" leftSection={<IconPlus size={16} />}>
            Create Lead
          </Button>
        ) : null}
        {canUpload ? (
          <FileButton
            resetRef={resetFile}
            accept={accept}
            inputProps={{ 'aria-label': 'Leads file to upload' }}
            onChange={(file) => {
              onUpload(file);
              resetFile.current?.();
            }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconUpload size={16} />}
                loading={uploading}
              >
                Upload
              </Button>
            )}
          </FileButton>
        ) : null}
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={downloading}
          onClick={onDownload}
        >
          Download
        </Button>
        {/* The bulk actions: Assign, Send, then Delete (destructive last). */}
        {assign}
        {canBulkEmail ? (
          <Button
            variant="light"
            leftSection={<IconMail size={16} />}
            disabled={bulkEmail.disabled}
            onClick={onBulkEmail}
          >
            {bulkEmail.label}
          </Button>
        ) : null}
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          disabled={selectedCount === 0}
          loading={deleting}
          onClick={onBulkDelete}
        >
          {selectedCount > 0 ? `Delete (${selectedCount})` : 'Delete'}
        </Button>
      </Group>
    </Group>
  );
};
