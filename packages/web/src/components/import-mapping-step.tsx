import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  Alert,
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
import type { ImportPreview } from '@leadline/shared/imports';
import { ImportPreviewRows } from './import-preview-rows.tsx';

export type MappingChoice = { mapping: ColumnMapping; presetName: string | null };

type ColumnChoiceProps = {
  kind: ImportKind;
  header: string;
  example: string;
  value: string | null;
  onChange: (field: string | null) => void;
};

const ColumnChoice = ({ kind, header, example, value, onChange }: ColumnChoiceProps) => {
  const required = REQUIRED_IMPORT_FIELDS[kind];
  const options = [
    { value: '', label: "Don't import" },
    ...Object.entries(IMPORT_FIELDS[kind]).map(([field, label]) => ({
      value: field,
      label: required.includes(field) ? `${label} (required)` : label,
    })),
  ];
  const name = header || '(no header)';
  return (
    <Paper withBorder radius="sm" p="xs">
      <Stack gap={4}>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {example ? `e.g. ${example}` : 'empty in the first row'}
          </Text>
        </Stack>
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
}: ImportMappingStepProps) => {
  const narrow = useMediaQuery('(max-width: 48em)');
  const [mapping, setMapping] = useState<ColumnMapping>(preview.mapping);
  const [save, setSave] = useState(false);
  const [presetName, setPresetName] = useState(
    preview.preset?.name ?? `Columns of ${preview.filename}`,
  );
  const problems = mappingProblems(kind, mapping);
  const changed = mapping.some((field, index) => field !== preview.mapping[index]);
  const rows = preview.estimatedRows;
  const setColumn = (index: number, field: string | null) =>
    setMapping((current) => current.map((value, i) => (i === index ? field : value)));
  const nameProblem = save && !presetName.trim() ? 'Preset name is required' : null;

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
              header={header}
              example={preview.rows[0]?.cells[index] ?? ''}
              value={mapping[index] ?? null}
              onChange={(field) => setColumn(index, field)}
            />
          ))}
        </SimpleGrid>
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
          <ImportPreviewRows kind={kind} rows={preview.rows} mapping={mapping} />
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
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            disabled={problems.length > 0 || nameProblem !== null}
            loading={starting}
            onClick={() => onStart({ mapping, presetName: save ? presetName.trim() : null })}
          >
            Start import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
