import { useState } from 'react';
import { Select } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useTemplates } from '../api/get-templates.ts';
import { previewTemplate } from '../api/preview-template.ts';

export type PickedTemplate = { subject: string; body: string };

export type TemplatePickerProps = {
  /** Fills the form with the template's subject and body. */
  onPick: (template: PickedTemplate) => void;
  /** A single lead's email: the merge fields are filled in for this lead. */
  leadId?: string | null;
  label?: string;
};

/** "Start from template": the user's templates; choosing one fills the subject and body. */
export const TemplatePicker = ({
  onPick,
  leadId,
  label = 'Start from template',
}: TemplatePickerProps) => {
  const templates = useTemplates();
  const [busy, setBusy] = useState(false);
  const list = templates.data ?? [];
  const group = (shared: boolean) =>
    list
      .filter((template) => template.shared === shared)
      .map((template) => ({ value: template._id, label: template.name }));

  const pick = async (id: string | null) => {
    const template = list.find((candidate) => candidate._id === id);
    if (!template) return;
    if (!leadId) {
      onPick({ subject: template.subject, body: template.body });
      return;
    }
    setBusy(true);
    try {
      onPick(await previewTemplate(template._id, leadId));
    } catch (error) {
      notifyError(errorMessage(error, 'The template could not be filled in.'), error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Select
      label={label}
      placeholder={
        templates.isPending
          ? 'Loading templates…'
          : list.length === 0
            ? 'No templates yet'
            : 'Choose a template'
      }
      leftSection={<IconTemplate size={16} />}
      data={[
        { group: 'Personal', items: group(false) },
        { group: 'Shared', items: group(true) },
      ].filter((entry) => entry.items.length > 0)}
      value={null}
      onChange={(id) => void pick(id)}
      disabled={busy || list.length === 0}
      searchable
      maw={360}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
