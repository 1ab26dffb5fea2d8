import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconBookmark } from '@tabler/icons-react';
import {
  IMPORT_FIELDS,
  REQUIRED_IMPORT_FIELDS,
  mappingProblems,
} from '@leadline/shared/import-rows';
import type { ColumnMapping, ImportKind } from '@leadline/shared/import-rows';
import type { ImportCustomField, ImportPreview } from '@leadline/shared/imports';
import {
  ROUND_ROBIN_CHOICE,
  customFieldChoices,
  dateColumnOf,
  detectedDateOrder,
  leftOutColumns,
  ownerColumnOf,
} from '../lib/import-mapping.ts';
import type { DateOrder, UploadExtras } from '../lib/import-mapping.ts';
import { ImportDateOrder } from './import-date-order.tsx';
import { ImportPreviewRows } from './import-preview-rows.tsx';

/** A column's first value in the preview rows, to show what it holds. */
const exampleOf = (preview: ImportPreview, index: number): string =>
  preview.rows.map((row) => row.cells[index] ?? '').find((cell) => cell.trim() !== '') ?? '';

export type MappingChoice = {
  mapping: ColumnMapping;
  presetName: string | null;
} & UploadExtras;

type ColumnChoiceProps = {
  kind: ImportKind;
  /** The organisation's custom fields a column may fill, offered under "Custom fields". */
  customFields: readonly ImportCustomField[];
  header: string;
  example: string;
  value: string | null;
  /** The Owner may go round-robin from this column's select. */
  roundRobin: boolean;
  onChange: (field: string | null) => void;
};

const ColumnChoice = ({
  kind,
  customFields,
  header,
  example,
  value,
  roundRobin,
  onChange,
}: ColumnChoiceProps) => {
  const required = REQUIRED_IMPORT_FIELDS[kind];
  const builtIn = [
    { value: '', label: "Don't import" },
    ...Object.entries(IMPORT_FIELDS[kind]).map(([field, label]) => ({
      value: field,
      label: required.includes(field) ? `${label} (required)` : label,
    })),
    ...(roundRobin
      ? [{ value: ROUND_ROBIN_CHOICE, label: 'Owner: round-robin over the team' }]
      : []),
  ];
  const options =
    customFields.length > 0
      ? [
          { group: 'Fields', items: builtIn },
          { group: 'Custom fields', items: customFieldChoices(customFields) },
        ]
      : builtIn;
  const name = header || '(no header)';
  const leftOut = !value && example !== '';
  return (
    <Paper withBorder radius="sm" p="xs" data-left-out={leftOut || undefined}>
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {example ? `e.g. ${example}` : 'empty in the first rows'}
            </Text>
          </Stack>
          {leftOut ? (
            <Badge color="gray" variant="outline" style={{ flexShrink: 0 }}>
              Don&apos;t import
            </Badge>
          ) : null}
        </Group>
        <NativeSelect
          aria-label={`Field for column ${name}`}
          data={options}
          value={value ?? ''}
          onChange={(event) => onChange(event.currentTarget.value || null)}
        />
      </Stack>
    </Paper>
  );
};

type ImportMappingStepProps = {
  kind: ImportKind;
  preview: ImportPreview;
  title: string;
  starting: boolean;
  onCancel: () => void;
  onStart: (choice: MappingChoice) => void;
  /** More choices of the screen's own, shown above the mapping's save box (leads: owners). */
  extra?: ReactNode;
  /** Leads: the user may give the new leads to others (the Owner may go round-robin). */
  roundRobin?: boolean;
};

/**
 * After the file is read: each column with the field it fills (changeable, or left out), the
 * first rows with the problems each would have, and the import started from here. The mapping
 * can be saved for files with the same header row.
 */
export const ImportMappingStep = ({
  kind,
  preview,
  title,
  starting,
  onCancel,
  onStart,
  extra,
  roundRobin: mayRoundRobin = false,
}: ImportMappingStepProps) => {
  const narrow = useMediaQuery('(max-width: 48em)');
  const customFields = preview.customFields ?? [];
  const [mapping, setMapping] = useState<ColumnMapping>(preview.mapping);
  const [save, setSave] = useState(false);
  const [presetName, setPresetName] = useState(
    preview.preset?.name ?? `Columns of ${preview.filename}`,
  );
  // The Owner column set to round-robin (a preset may have kept that choice).
  const ownerColumn =
    kind === 'leads' && mayRoundRobin ? ownerColumnOf(preview, mapping) : undefined;
  const [roundRobinColumn, setRoundRobinColumn] = useState<number | null>(() => {
    const named = preview.automatic.indexOf('owner');
    return mayRoundRobin && preview.preset?.roundRobin && named !== -1 ? named : null;
  });
  // How the date column's numeric dates are written: the preset's choice, else what the
  // values tell; asked when they could be read either way.
  const dateColumn = dateColumnOf(mapping, customFields);
  const detected = dateColumn === undefined ? undefined : detectedDateOrder(preview, dateColumn);
  const [chosenOrder, setChosenOrder] = useState<DateOrder | null>(
    preview.preset?.dateOrder ?? null,
  );
  const dateOrder = chosenOrder ?? (detected === 'ambiguous' ? null : (detected ?? null));
  const problems = mappingProblems(kind, mapping, customFields);
  const unanswered = detected === 'ambiguous' && !dateOrder;
  const changed = mapping.some((field, index) => field !== preview.mapping[index]);
  const rows = preview.estimatedRows;
  const setColumn = (index: number, field: string | null) => {
    if (field === ROUND_ROBIN_CHOICE) {
      setRoundRobinColumn(index);
      field = null;
    } else if (index === roundRobinColumn) setRoundRobinColumn(null);
    setMapping((current) => current.map((value, i) => (i === index ? field : value)));
  };
  const nameProblem = save && !presetName.trim() ? 'Preset name is required' : null;
  const leftOut = leftOutColumns(preview, mapping, roundRobinColumn);
  const choice = (): MappingChoice => ({
    mapping,
    presetName: save ? presetName.trim() : null,
    ...(dateColumn !== undefined && dateOrder ? { dateOrder } : {}),
    roundRobin: roundRobinColumn !== null,
  });

  return (
    <Modal opened onClose={onCancel} title={title} size="xl" fullScreen={narrow} centered>
      <Stack gap="md">
        <Text size="sm">
          {preview.filename}: about {rows.toLocaleString('en')} {rows === 1 ? 'row' : 'rows'}. Check
          the field each column fills, then start the import.
        </Text>
        {preview.preset ? (
          <Alert color="blue" variant="light" icon={<IconBookmark size={18} />} p="xs">
            <Group justify="space-between" gap="xs">
              <Text size="sm">Using the saved mapping “{preview.preset.name}”.</Text>
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => setMapping(preview.automatic)}
              >
                Match automatically instead
              </Button>
            </Group>
          </Alert>
        ) : null}
        <Text size="sm" fw={600}>
          Columns
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={6} verticalSpacing={6} aria-label="Columns">
          {preview.headers.map((header, index) => (
            <ColumnChoice
              key={index}
              kind={kind}
              customFields={customFields}
              header={header}
              example={exampleOf(preview, index)}
              value={index === roundRobinColumn ? ROUND_ROBIN_CHOICE : (mapping[index] ?? null)}
              roundRobin={index === ownerColumn || index === roundRobinColumn}
              onChange={(field) => setColumn(index, field)}
            />
          ))}
        </SimpleGrid>
        {roundRobinColumn !== null ? (
          <Text size="sm" c="dimmed">
            Owner: the new leads go to the organisation&apos;s active users in turn (or to the users
            chosen below), not to the owners the file names.
          </Text>
        ) : null}
        {leftOut.length > 0 ? (
          <Text size="sm" data-testid="import-left-out">
            Don&apos;t import: {leftOut.join(', ')}. Choose a field above to keep what these columns
            hold.
          </Text>
        ) : null}
        {dateColumn !== undefined && detected ? (
          <ImportDateOrder
            header={preview.headers[dateColumn] || `Column ${dateColumn + 1}`}
            detected={detected}
            value={dateOrder}
            onChange={setChosenOrder}
          />
        ) : null}
        {problems.length > 0 ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="Fix the mapping"
          >
            <Stack gap={2}>
              {problems.map((problem) => (
                <Text key={problem} size="sm">
                  {problem}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : (
          <ImportPreviewRows
            kind={kind}
            rows={preview.rows}
            mapping={mapping}
            customFields={customFields}
            dateOrder={dateOrder ?? undefined}
          />
        )}
        {extra}
        <Stack gap="xs">
          <Checkbox
            label={
              preview.preset && !changed
                ? 'Save the mapping again under a new name'
                : 'Save this mapping for files with the same columns'
            }
            checked={save}
            onChange={(event) => setSave(event.currentTarget.checked)}
          />
          {save ? (
            <TextInput
              label="Preset name"
              value={presetName}
              maxLength={100}
              error={nameProblem}
              onChange={(event) => setPresetName(event.currentTarget.value)}
            />
          ) : null}
        </Stack>
        <Group justify="flex-end" gap="xs">
          {unanswered ? (
            <Text size="sm" c="dimmed" style={{ flex: '1 1 12rem' }}>
              Choose above how the dates in “{preview.headers[dateColumn!]}” are written.
            </Text>
          ) : null}
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            disabled={problems.length > 0 || unanswered || nameProblem !== null}
            loading={starting}
            onClick={() => onStart(choice())}
          >
            Start import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
