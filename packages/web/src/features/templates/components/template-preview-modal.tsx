import { useState } from 'react';
import { Alert, Loader, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Template } from '@leadline/shared/templates';
import { EmailFrame } from '../../../components/email-frame.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { previewTemplate, useLeadChoices } from '../api/preview-template.ts';

const leadLabel = (lead: {
  personFirstName: string;
  personLastName: string;
  personEmail: string;
}) =>
  `${`${lead.personFirstName} ${lead.personLastName}`.trim() || lead.personEmail} <${lead.personEmail}>`;

type TemplatePreviewModalProps = { template: Template; onClose: () => void };

/** The template as a chosen lead would receive it. */
export const TemplatePreviewModal = ({ template, onClose }: TemplatePreviewModalProps) => {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [leadId, setLeadId] = useState<string | null>(null);
  const leads = useLeadChoices(debounced);
  const preview = useQuery({
    queryKey: ['templates', 'preview', template._id, template.updatedAt, leadId],
    queryFn: () => previewTemplate(template._id, leadId!),
    enabled: leadId !== null,
  });

  return (
    <Modal opened onClose={onClose} title={`Preview: ${template.name}`} size="xl" centered>
      <Stack gap="sm">
        <Select
          label="Preview for lead"
          placeholder="Search leads by name or email"
          searchable
          clearable
          nothingFoundMessage={leads.isFetching ? 'Searching…' : 'No lead found'}
          data={(leads.data ?? []).map((lead) => ({ value: lead._id, label: leadLabel(lead) }))}
          searchValue={search}
          onSearchChange={setSearch}
          value={leadId}
          onChange={setLeadId}
          filter={({ options }) => options}
          rightSection={leads.isFetching ? <Loader size="xs" /> : undefined}
        />
        {leads.isError ? (
          <Text size="sm" c="red">
            {errorMessage(leads.error, 'Leads could not be loaded.')}
          </Text>
        ) : null}
        {preview.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(preview.error, 'The preview could not be made.')}
          </Alert>
        ) : null}
        {leadId === null ? (
          <Text size="sm" c="dimmed">
            Choose a lead to see the subject and message with their details filled in.
          </Text>
        ) : preview.data ? (
          <Paper withBorder radius="md" p="sm">
            <Stack gap="xs">
              <Text size="sm">
                <Text span fw={600}>
                  Subject:{' '}
                </Text>
                <span data-testid="preview-subject">{preview.data.subject}</span>
              </Text>
              <EmailFrame html={preview.data.body} remoteImages={false} title="Template preview" />
            </Stack>
          </Paper>
        ) : (
          <Loader size="sm" aria-label="Loading the preview" />
        )}
      </Stack>
    </Modal>
  );
};
