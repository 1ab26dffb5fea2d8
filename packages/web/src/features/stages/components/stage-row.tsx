import { useEffect, useState } from 'react';
import {
  ActionIcon,
  ColorSwatch,
  Group,
  NumberInput,
  Paper,
  Select,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import {
  STAGE_COLOURS,
  STAGE_KINDS,
  STAGE_KIND_LABELS,
  STAGE_NAME_MAX,
} from '@leadline/shared/stages';
import type { Stage, StageColour, StageKind, StageUpdateData } from '@leadline/shared/stages';

export const colourOptions = STAGE_COLOURS.map((colour) => ({
  value: colour,
  label: colour[0]!.toUpperCase() + colour.slice(1),
}));
export const kindOptions = STAGE_KINDS.map((kind) => ({
  value: kind,
  label: STAGE_KIND_LABELS[kind],
}));

/** A colour option with its swatch. */
export const renderColour = ({ option }: { option: { value: string; label: string } }) => (
  <Group gap="xs" wrap="nowrap">
    <ColorSwatch color={`var(--mantine-color-${option.value}-filled)`} size={14} />
    {option.label}
  </Group>
);

type StageRowProps = {
  stage: Stage;
  first: boolean;
  last: boolean;
  busy: boolean;
  onChange: (changes: StageUpdateData) => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
};

/** One stage in the editor: name (saved when left), colour, kind, probability, order, delete. */
export const StageRow = ({
  stage,
  first,
  last,
  busy,
  onChange,
  onMove,
  onDelete,
}: StageRowProps) => {
  const [name, setName] = useState(stage.name);
  const [probability, setProbability] = useState<number | string>(stage.probability);
  useEffect(() => setName(stage.name), [stage.name]);
  useEffect(() => setProbability(stage.probability), [stage.probability]);
  const label = (what: string) => `${what} of ${stage.name}`;
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="stage-row" data-stage={stage.name}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label="Name"
          aria-label={label('Name')}
          value={name}
          maxLength={STAGE_NAME_MAX}
          onChange={(event) => setName(event.currentTarget.value)}
          onBlur={() => {
            const trimmed = name.trim();
            if (trimmed && trimmed !== stage.name) onChange({ name: trimmed });
            else setName(stage.name);
          }}
          style={{ flex: '1 1 10rem' }}
        />
        <Select
          label="Colour"
          aria-label={label('Colour')}
          data={colourOptions}
          value={stage.colour}
          allowDeselect={false}
          renderOption={renderColour}
          leftSection={
            <ColorSwatch color={`var(--mantine-color-${stage.colour}-filled)`} size={14} />
          }
          onChange={(value) => value && onChange({ colour: value as StageColour })}
          style={{ flex: '0 1 8rem' }}
        />
        <Select
          label="Kind"
          aria-label={label('Kind')}
          data={kindOptions}
          value={stage.kind}
          allowDeselect={false}
          onChange={(value) =>
            value && value !== stage.kind && onChange({ kind: value as StageKind })
          }
          style={{ flex: '0 1 6.5rem' }}
        />
        <NumberInput
          label="Probability"
          suffix="%"
          aria-label={label('Probability')}
          value={probability}
          min={0}
          max={100}
          allowDecimal={false}
          clampBehavior="strict"
          onChange={setProbability}
          onBlur={() => {
            const value = typeof probability === 'number' ? probability : Number(probability);
            if (Number.isInteger(value) && value !== stage.probability)
              onChange({ probability: value });
            else setProbability(stage.probability);
          }}
          style={{ flex: '0 1 7rem' }}
        />
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Move ${stage.name} up`}
            disabled={first || busy}
            onClick={() => onMove(-1)}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Move ${stage.name} down`}
            disabled={last || busy}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="light"
            color="red"
            size="lg"
            aria-label={`Delete ${stage.name}`}
            disabled={busy}
            onClick={onDelete}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
};
