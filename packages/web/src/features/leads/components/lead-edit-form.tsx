import { useForm } from 'react-hook-form';
import { Alert, Button, Group, Stack } from '@mantine/core';
import type { Lead } from '@leadline/shared/leads';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateLead } from '../api/update-lead.ts';
import { LeadFormSections } from './lead-form-sections.tsx';
import { LEAD_FORM_FIELDS, leadFormValues, updateLeadResolver } from './lead-form-values.ts';
import type { LeadFormValues, LeadUpdateData, RegisterField } from './lead-form-values.ts';

type LeadEditFormProps = { lead: Lead; onDone: () => void };

/** Editing a lead in the drawer: leadUpdateSchema's rules, saved with PUT. */
export const LeadEditForm = ({ lead, onDone }: LeadEditFormProps) => {
  const updateLead = useUpdateLead();
  const {
    register,
    handleSubmit,
    watch,
    clearErrors,
    setError,
    formState: { errors, isDirty },
  } = useForm<LeadFormValues, unknown, LeadUpdateData>({
    resolver: updateLeadResolver,
    defaultValues: leadFormValues(lead),
    reValidateMode: 'onSubmit',
  });
  const source = watch('source');
  const field: RegisterField = (name) =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        if (name === 'source') clearErrors('contactProfileLink');
      },
    });

  const submit = handleSubmit((changes) => {
    updateLead.mutate(
      { id: lead._id, changes },
      {
        onSuccess: () => {
          notifySuccess('Lead updated successfully');
          onDone();
        },
        onError: (error) => {
          notifyError(errorMessage(error, 'Failed to update lead'), error);
          applyServerFieldErrors(error, setError, LEAD_FORM_FIELDS);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Edit lead">
      <Stack gap="md">
        {Object.keys(errors).length > 0 ? (
          <Alert color="red" variant="light" role="alert">
            Please fix the errors below
          </Alert>
        ) : null}
        <LeadFormSections
          field={field}
          errors={errors}
          source={source}
          idPrefix={`edit-${lead._id}`}
          wide={false}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={updateLead.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={updateLead.isPending} disabled={!isDirty}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
