import { Button, Group, Text } from '@mantine/core';
import { MERGE_FIELDS, MERGE_FIELD_LABELS } from '@leadline/shared/merge-fields';

type MergeFieldButtonsProps = { onInsert: (placeholder: string) => void };

/** One button per merge field; each inserts its placeholder where the cursor is. */
export const MergeFieldButtons = ({ onInsert }: MergeFieldButtonsProps) => (
  <Group gap={6} wrap="wrap" aria-label="Merge fields">
    <Text size="xs" c="dimmed">
      Insert into the message:
    </Text>
    {MERGE_FIELDS.map((field) => (
      <Button
        key={field}
        size="compact-xs"
        variant="light"
        onClick={() => onInsert(`{{${field}}}`)}
        title={`Insert {{${field}}}`}
      >
        {MERGE_FIELD_LABELS[field]}
      </Button>
    ))}
  </Group>
);
