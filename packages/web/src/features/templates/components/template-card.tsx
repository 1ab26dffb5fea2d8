import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { Template } from '@leadline/shared/templates';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons.tsx';

type TemplateCardProps = {
  template: Template;
  onPreview: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** One template: name, who shares it, its subject, and what the user may do with it. */
export const TemplateCard = ({ template, onPreview, onEdit, onDelete }: TemplateCardProps) => (
  <Paper withBorder radius="md" p="md" component="article" aria-label={template.name}>
    <Stack gap={6} h="100%">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {template.name}
        </Text>
        <Badge variant="light" color={template.shared ? 'teal' : 'gray'} style={{ flexShrink: 0 }}>
          {template.shared ? 'Shared' : 'Personal'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        Subject: {template.subject}
      </Text>
      {template.shared && template.owner ? (
        <Text size="compact-sm" c="dimmed">
          By {template.owner.name}
        </Text>
      ) : null}
      <Group gap={6} mt="auto" pt="xs">
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconEye size={14} />}
          onClick={onPreview}
        >
          Preview
        </Button>
        {template.editable ? (
          <EditDeleteButtons size="compact-sm" onEdit={onEdit} onDelete={onDelete} />
        ) : null}
      </Group>
    </Stack>
  </Paper>
);
