import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { STAGE_NAME_MAX } from '@leadline/shared/stages';
import type { Stage, StageColour, StageKind } from '@leadline/shared/stages';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useStages } from '../api/get-stages.ts';
import {
  useCreateStage,
  useDeleteStage,
  useReorderStages,
  useUpdateStage,
} from '../api/edit-stages.ts';
import { StageRow, colourOptions, kindOptions, renderColour } from './stage-row.tsx';

type StageEditorModalProps = {
  opened: boolean;
  onClose: () => void;
  /** How many deals a stage holds now (the board's count), to ask where they go on delete. */
  dealsIn?: (stageId: string) => number;
};

const failed = (what: string) => (error: unknown) =>
  notifyError(errorMessage(error, `The stage could not be ${what}`), error);

/** Adds a stage at the end: name, colour, kind. */
const NewStageForm = () => {
  const create = useCreateStage();
  const [name, setName] = useState('');
  const [colour, setColour] = useState<StageColour>('gray');
  const [kind, setKind] = useState<StageKind>('open');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) return;
        create.mutate(
          { name: name.trim(), colour, kind },
          {
            onSuccess: (stage) => {
              setName('');
              notifySuccess(`Stage ${stage.name} added`);
            },
            onError: failed('added'),
          },
        );
      }}
    >
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label="New stage"
          placeholder="Negotiation"
          value={name}
          maxLength={STAGE_NAME_MAX}
          onChange={(event) => setName(event.currentTarget.value)}
          style={{ flex: '1 1 10rem' }}
        />
        <Select
          label="Colour"
          data={colourOptions}
          value={colour}
          allowDeselect={false}
          renderOption={renderColour}
          onChange={(value) => value && setColour(value as StageColour)}
          style={{ flex: '0 1 8rem' }}
        />
        <Select
          label="Kind"
          data={kindOptions}
          value={kind}
          allowDeselect={false}
          onChange={(value) => value && setKind(value as StageKind)}
          style={{ flex: '0 1 6.5rem' }}
        />
        <Button
          type="submit"
          leftSection={<IconPlus size={16} aria-hidden />}
          loading={create.isPending}
          disabled={!name.trim()}
        >
          Add stage
        </Button>
      </Group>
    </form>
  );
};

/** Deleting a stage: where its deals go (required when it holds any). */
const DeleteStageModal = ({
  stage,
  stages,
  deals,
  onClose,
}: {
  stage: Stage | null;
  stages: readonly Stage[];
  deals: number;
  onClose: () => void;
}) => {
  const remove = useDeleteStage();
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const others = stages.filter((other) => other._id !== stage?._id);
  const close = () => {
    setMoveTo(null);
    onClose();
  };
  return (
    <Modal
      opened={stage !== null}
      onClose={close}
      title={`Delete ${stage?.name ?? 'stage'}?`}
      centered
    >
      <Stack gap="sm">
        <Text size="sm">
          {deals > 0
            ? `${deals} ${deals === 1 ? 'deal is' : 'deals are'} in this stage. Choose the stage they move to.`
            : 'No deal is in this stage.'}
        </Text>
        {deals > 0 ? (
          <Select
            label="Move the deals to"
            data={others.map((other) => ({ value: other._id, label: other.name }))}
            value={moveTo}
            onChange={setMoveTo}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            disabled={deals > 0 && !moveTo}
            onClick={() =>
              stage &&
              remove.mutate(
                { id: stage._id, moveTo: deals > 0 ? (moveTo ?? undefined) : undefined },
                {
                  onSuccess: () => {
                    notifySuccess(`Stage ${stage.name} deleted`);
                    close();
                  },
                  onError: failed('deleted'),
                },
              )
            }
          >
            Delete stage
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

/**
 * The pipeline's deal stages, for an Admin: each stage's name, colour, kind and probability,
 * their order (the board's columns after the four statuses), a new stage, deleting one.
 */
export const StageEditorModal = ({ opened, onClose, dealsIn }: StageEditorModalProps) => {
  const stages = useStages();
  const update = useUpdateStage();
  const reorder = useReorderStages();
  const [deleting, setDeleting] = useState<Stage | null>(null);
  const narrow = useMediaQuery('(max-width: 36em)');
  const list = stages.data ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((stage) => stage._id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(ids, { onError: failed('moved') });
  };
  return (
    <>
      <Modal
        opened={opened && deleting === null}
        onClose={onClose}
        title="Deal stages"
        size="xl"
        fullScreen={narrow}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The board shows these columns after the four statuses, in this order. A won or lost
            stage closes the deal; the probability weights the deal values.
          </Text>
          {stages.isPending ? (
            <CenteredLoader label="Loading the stages" />
          ) : stages.isError ? (
            <Alert color="red">
              {errorMessage(stages.error, 'The stages could not be loaded')}
            </Alert>
          ) : (
            list.map((stage, index) => (
              <StageRow
                key={stage._id}
                stage={stage}
                first={index === 0}
                last={index === list.length - 1}
                busy={reorder.isPending}
                onChange={(changes) =>
                  update.mutate({ id: stage._id, changes }, { onError: failed('saved') })
                }
                onMove={(by) => move(index, by)}
                onDelete={() => setDeleting(stage)}
              />
            ))
          )}
          <NewStageForm />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      </Modal>
      <DeleteStageModal
        stage={deleting}
        stages={list}
        deals={deleting ? (dealsIn?.(deleting._id) ?? 0) : 0}
        onClose={() => setDeleting(null)}
      />
    </>
  );
};
