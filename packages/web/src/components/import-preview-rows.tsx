import { Badge, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { checkImportRow, recordOf } from '@leadline/shared/import-rows';
import type { ColumnMapping, ImportKind } from '@leadline/shared/import-rows';
import type { DateOrder, ImportCustomField, ImportPreview } from '@leadline/shared/imports';

const SUMMARY_FIELDS: Record<ImportKind, string[]> = {
  leads: ['companyName', 'personFirstName', 'personLastName', 'personEmail', 'source'],
  clients: ['companyName', 'contact', 'email', 'companyCategory'],
};

/** Readable on white and on dark grey alike. */
const WARNING_TEXT = 'light-dark(var(--mantine-color-yellow-9), var(--mantine-color-yellow-4))';

type RowProblems = { row: number; summary: string; errors: string[]; warnings: string[] };

/** Each preview row with the problems the import would report for it under `mapping`. */
export const previewProblems = (
  kind: ImportKind,
  rows: ImportPreview['rows'],
  mapping: ColumnMapping,
  dateOrder?: DateOrder,
  customFields: readonly ImportCustomField[] = [],
): RowProblems[] =>
  rows.map(({ row, cells }) => {
    const record = recordOf(cells, mapping);
    const check = checkImportRow(kind, record, { dateOrder, customFields });
    const summary = SUMMARY_FIELDS[kind]
      .map((field) => record[field])
      .filter(Boolean)
      .join(' · ');
    return {
      row,
      summary: summary || cells.filter(Boolean).slice(0, 4).join(' · '),
      errors: check.ok ? [] : check.errors,
      warnings: check.warnings,
    };
  });

type ImportPreviewRowsProps = {
  kind: ImportKind;
  rows: ImportPreview['rows'];
  mapping: ColumnMapping;
  dateOrder?: DateOrder;
  /** The custom fields the mapping may name: their cells are checked too. */
  customFields?: readonly ImportCustomField[];
};

/** The first rows of the file as they would be imported: ready, with warnings or refused. */
export const ImportPreviewRows = ({
  kind,
  rows,
  mapping,
  dateOrder,
  customFields,
}: ImportPreviewRowsProps) => {
  const checked = previewProblems(kind, rows, mapping, dateOrder, customFields);
  const refused = checked.filter((item) => item.errors.length > 0).length;
  const warned = checked.filter(
    (item) => item.errors.length === 0 && item.warnings.length > 0,
  ).length;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        Preview of the first {checked.length === 1 ? 'row' : `${checked.length} rows`}
      </Text>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="import-preview-counts">
        {checked.length - refused - warned} ready, {warned} with warnings, {refused} with errors
      </Text>
      <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars>
        <Stack gap={6} aria-label="Preview of the first rows">
          {checked.map((item) => (
            <Paper key={item.row} withBorder radius="sm" p="xs">
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Badge
                  variant="light"
                  color={
                    item.errors.length > 0 ? 'red' : item.warnings.length > 0 ? 'yellow' : 'green'
                  }
                  style={{ flexShrink: 0 }}
                >
                  Row {item.row}
                </Badge>
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.summary || 'Empty row'}
                  </Text>
                  {item.errors.map((message) => (
                    <Text key={message} size="xs" c="red">
                      Error: {message}
                    </Text>
                  ))}
                  {item.warnings.map((message) => (
                    <Text key={message} size="xs" c={WARNING_TEXT}>
                      Warning: {message}
                    </Text>
                  ))}
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
};
