import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Template } from '@leadline/shared/templates';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { confirmDanger } from '../../../components/confirm.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useTemplates } from '../api/get-templates.ts';
import { useDeleteTemplate } from '../api/save-template.ts';
import { TemplateCard } from './template-card.tsx';
import { TemplateEditorModal } from './template-editor-modal.tsx';
import { TemplatePreviewModal } from './template-preview-modal.tsx';

type Open = { kind: 'edit'; template: Template | null } | { kind: 'preview'; template: Template };

/** The user's templates as cards, with New, Edit, Preview and Delete. */
export const TemplatesGallery = () => {
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const [chosen, setOpen] = useState<Open | null>(null);
  // A link to one template (?template=<id>, from search) opens its preview.
  const [params, setParams] = useSearchParams();
  const linkedId = params.get('template');
  const linked = linkedId
    ? templates.data?.find((template) => template._id === linkedId)
    : undefined;
  const open: Open | null = chosen ?? (linked ? { kind: 'preview', template: linked } : null);
  const close = () => {
    setOpen(null);
    if (linkedId)
      setParams(
        (current) => {
          current.delete('template');
          return current;
        },
        { replace: true },
      );
  };

  const onDelete = (template: Template) =>
    confirmDanger({
      title: 'Delete this template?',
      message: template.shared
        ? `“${template.name}” is shared: it disappears for everyone in your organisation.`
        : `“${template.name}” will be deleted.`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutate(template._id, {
          onSuccess: () => notifySuccess('Template deleted'),
          onError: (error) =>
            notifyError(errorMessage(error, 'The template could not be deleted.'), error),
        }),
    });

  const newButton = (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => setOpen({ kind: 'edit', template: null })}
    >
      New template
    </Button>
  );

  return (
    <Stack gap="md">
      <div>{newButton}</div>
      {templates.isPending ? (
        <CenteredLoader label="Loading templates" />
      ) : templates.isError ? (
        <LoadError
          title="Templates could not be loaded"
          message={errorMessage(templates.error, 'Please try again.')}
          onRetry={() => void templates.refetch()}
          retrying={templates.isRefetching}
        />
      ) : templates.data.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            No templates yet. Save an email you send often, then start from it in the composer, bulk
            email or a campaign.
          </Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {templates.data.map((template) => (
            <TemplateCard
              key={template._id}
              template={template}
              onPreview={() => setOpen({ kind: 'preview', template })}
              onEdit={() => setOpen({ kind: 'edit', template })}
              onDelete={() => onDelete(template)}
            />
          ))}
        </SimpleGrid>
      )}
      {open?.kind === 'edit' ? (
        <TemplateEditorModal template={open.template} onClose={close} />
      ) : null}
      {open?.kind === 'preview' ? (
        <TemplatePreviewModal template={open.template} onClose={close} />
      ) : null}
    </Stack>
  );
};
