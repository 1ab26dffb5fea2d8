import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { Lead } from '@leadline/shared/leads';
import type { Stage } from '@leadline/shared/stages';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useStages } from '../api/get-stages.ts';
import { useSetLeadStage } from '../api/set-lead-stage.ts';
import { LostReasonModal } from './lost-reason-modal.tsx';

const NO_STAGE = '';

const dealName = (lead: Lead) =>
  [lead.companyName, `${lead.personFirstName} ${lead.personLastName}`.trim()]
    .filter(Boolean)
    .join(', ');

/**
 * The lead drawer's deal stage: where the deal is (a stage, or its status column), the reason a
 * lost one was lost, and a select to move it (into a lost stage: the reason is asked first).
 */
export const StagePicker = ({ lead, canEdit }: { lead: Lead; canEdit: boolean }) => {
  const stages = useStages();
  const setStage = useSetLeadStage();
  const [losing, setLosing] = useState<Stage | null>(null);
  const [editingReason, setEditingReason] = useState(false);
  const current = stages.data?.find((stage) => stage._id === lead.stageId) ?? null;

  const save = (stage: Stage | null, lostReason?: string) =>
    setStage.mutate(
      { leadId: lead._id, stageId: stage?._id ?? null, lostReason },
      {
        onSuccess: () => {
          setLosing(null);
          setEditingReason(false);
          notifySuccess(
            stage && stage._id === lead.stageId
              ? 'Lost reason saved'
              : stage
                ? `Deal moved to ${stage.name}`
                : `Deal back in ${lead.status}`,
          );
        },
        onError: (error) =>
          notifyError(errorMessage(error, 'The deal stage could not be changed'), error),
      },
    );

  return (
    <Stack gap="xs" data-testid="lead-stage">
      <Group gap="xs">
        {current ? (
          <Badge color={current.colour} variant="light">
            {current.name}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">{`No deal stage yet (in ${lead.status})`}</Text>
        )}
      </Group>
      {current?.kind === 'lost' && (lead.lostReason || canEdit) ? (
        <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
          <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              Lost because:{' '}
            </Text>
            {lead.lostReason ?? 'no reason given'}
          </Text>
          {canEdit ? (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPencil size={14} aria-hidden />}
              style={{ flexShrink: 0 }}
              onClick={() => setEditingReason(true)}
              aria-label="Edit the lost reason"
            >
              Edit
            </Button>
          ) : null}
        </Group>
      ) : null}
      {canEdit ? (
        <Select
          label="Move to stage"
          data={[
            { value: NO_STAGE, label: `No stage (${lead.status})` },
            ...(stages.data ?? []).map((stage) => ({ value: stage._id, label: stage.name })),
          ]}
          value={lead.stageId ?? NO_STAGE}
          allowDeselect={false}
          disabled={stages.isPending || setStage.isPending}
          onChange={(value) => {
            const stage = stages.data?.find((s) => s._id === value) ?? null;
            if ((stage?._id ?? null) === lead.stageId) return;
            if (stage?.kind === 'lost') setLosing(stage);
            else save(stage);
          }}
        />
      ) : null}
      <LostReasonModal
        opened={losing !== null}
        dealName={dealName(lead)}
        stageName={losing?.name ?? ''}
        saving={setStage.isPending}
        onCancel={() => setLosing(null)}
        onConfirm={(reason) => losing && save(losing, reason)}
      />
      {editingReason && current ? (
        <LostReasonModal
          opened
          current={lead.lostReason ?? ''}
          dealName={dealName(lead)}
          stageName={current.name}
          saving={setStage.isPending}
          onCancel={() => setEditingReason(false)}
          onConfirm={(reason) => save(current, reason)}
        />
      ) : null}
    </Stack>
  );
};
