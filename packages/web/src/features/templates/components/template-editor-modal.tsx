import { useState } from 'react';
import { Stack, Switch, Text, TextInput } from '@mantine/core';
import { unknownMergeFieldMessage, unknownMergeFields } from '@leadline/shared/merge-fields';
import { TEMPLATE_NAME_MAX, TEMPLATE_SUBJECT_MAX } from '@leadline/shared/templates';
import type { Template } from '@leadline/shared/templates';
import { MessageEditor, useMessageEditor } from '../../../components/message-editor.tsx';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveTemplate } from '../api/save-template.ts';
import { differs, useDiscardGuard } from '../../../components/discard-guard.tsx';
import { GuardedModal } from '../../../components/discard-guard-modal.tsx';
import { FormActions, FormFailure } from '../../../components/form-actions.tsx';
import { MergeFieldButtons } from './merge-field-buttons.tsx';

type Errors = Partial<Record<'name' | 'subject' | 'body' | 'shared', string>>;

type Draft = { name: string; subject: string; body: string; shared: boolean };

/** What the form refuses before asking the server: blanks and unknown merge fields. */
const check = (draft: Draft): Errors => {
  const errors: Errors = {};
  if (!draft.name.trim()) errors.name = 'Name is required';
  if (!draft.subject.trim()) errors.subject = 'Subject is required';
  if (!draft.body.replace(/<[^>]*>/g, '').trim()) errors.body = 'Body is required';
  const [badSubject] = unknownMergeFields(draft.subject);
  if (badSubject) errors.subject = unknownMergeFieldMessage(badSubject);
  const [badBody] = unknownMergeFields(draft.body);
  if (badBody) errors.body = unknownMergeFieldMessage(badBody);
  return errors;
};

const serverErrors = (error: unknown): Errors =>
  error instanceof ApiRequestError ? (error.fieldErrors as Errors) : {};

type TemplateEditorModalProps = {
  /** The template to edit; null for a new one. */
  template: Template | null;
  onClose: () => void;
};

/** New or edited template: name, subject, body with merge fields, personal or shared. */
export const TemplateEditorModal = ({ template, onClose }: TemplateEditorModalProps) => {
  const save = useSaveTemplate();
  const [initial] = useState<Draft>(() => ({
    name: template?.name ?? '',
    subject: template?.subject ?? '',
    body: template?.body ?? '',
    shared: template?.shared ?? false,
  }));
  const [draft, setDraft] = useState<Draft>(initial);
  const guard = useDiscardGuard({ dirty: differs(draft, initial), onClose });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const editor = useMessageEditor(draft.body, (body) => setDraft((d) => ({ ...d, body })), 'Body');

  const submit = async () => {
    const found = check(draft);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ ...draft, ...(template ? { id: template._id } : {}) });
      notifySuccess(template ? 'Template saved' : 'Template created');
      onClose();
    } catch (error) {
      setErrors(serverErrors(error));
      setFailure(errorMessage(error, 'The template could not be saved.'));
    }
  };

  return (
    <GuardedModal
      guard={guard}
      opened
      title={template ? 'Edit template' : 'New template'}
      size="xl"
      centered
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          maxLength={TEMPLATE_NAME_MAX}
          value={draft.name}
          error={errors.name}
          onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
        />
        <TextInput
          label="Subject"
          required
          maxLength={TEMPLATE_SUBJECT_MAX}
          value={draft.subject}
          error={errors.subject}
          onChange={(event) => setDraft({ ...draft, subject: event.currentTarget.value })}
        />
        <MergeFieldButtons
          onInsert={(placeholder) => editor?.chain().focus().insertContent(placeholder).run()}
        />
        <MessageEditor editor={editor} error={errors.body} />
        <Text size="xs" c="dimmed">
          Add a fallback after a bar for leads without the value: {'{{firstName|there}}'}. Without
          one, an empty value is left out ({'{{firstName}}'} says “there”).
        </Text>
        <Switch
          label="Share with my organisation"
          description="Shared templates can be used by everyone who sends email; personal ones only by you."
          checked={draft.shared}
          onChange={(event) => setDraft({ ...draft, shared: event.currentTarget.checked })}
        />
        <FormFailure>{failure}</FormFailure>
        <FormActions
          onCancel={guard.close}
          onSubmit={() => void submit()}
          loading={save.isPending}
          submitLabel={template ? 'Save template' : 'Create template'}
        />
      </Stack>
    </GuardedModal>
  );
};
