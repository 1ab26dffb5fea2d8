import { Anchor, Badge, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Automation, RunStatus } from '@leadline/shared/automation';
import { EVENT_LABELS, isEventType } from '@leadline/shared/events';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAutomationRuns } from '../api/automations.ts';

export const RUN_STATUS_COLORS: Record<RunStatus, string> = {
  pending: 'blue',
  succeeded: 'green',
  skipped: 'gray',
  failed: 'red',
};

export const RUN_STATUS_LABELS: Record<RunStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  skipped: 'Skipped',
  failed: 'Failed',
};

/** A rule's runs, newest first: when, the event, the lead, the outcome. */
export const RunsModal = ({ rule, onClose }: { rule: Automation; onClose: () => void }) => {
  const runs = useAutomationRuns(rule._id);
  return (
    <Modal opened onClose={onClose} title={`Runs of “${rule.name}”`} size="xl" centered>
      {runs.isPending ? (
        <Loader size="sm" aria-label="Loading runs" />
      ) : runs.isError ? (
        <LoadError
          title="Failed to load the runs"
          message={errorMessage(runs.error, 'Please try again.')}
          onRetry={() => void runs.refetch()}
          retrying={runs.isFetching}
        />
      ) : runs.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          This rule has not run yet. It runs when the event it waits for happens.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label="Runs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Lead</Table.Th>
                <Table.Th>Outcome</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.data.map((run) => (
                <Table.Tr key={run._id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDateTime(run.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {isEventType(run.eventType) ? EVENT_LABELS[run.eventType] : run.eventType}
                    </Text>
                    {run.depth > 0 ? (
                      <Text size="xs" c="dimmed">
                        Made by a rule (level {run.depth})
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {run.lead ? (
                      <Anchor
                        component={Link}
                        to={`/leads-table?${new URLSearchParams({ lead: run.lead.id }).toString()}`}
                        size="sm"
                      >
                        {run.lead.name}
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        None
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Badge size="sm" variant="light" color={RUN_STATUS_COLORS[run.status]}>
                        {RUN_STATUS_LABELS[run.status]}
                      </Badge>
                      {run.outcome ? (
                        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                          {run.outcome}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
};
