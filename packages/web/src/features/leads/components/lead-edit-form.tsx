import { useForm } from 'react-hook-form';
import type { Lead } from '@leadline/shared/leads';
import { EditFormShell } from '../../../components/edit-form-shell.tsx';
import { editSaveCallbacks } from '../../../lib/edit-save.ts';
import { useUpdateLead } from '../api/update-lead.ts';
import { useOwnerChoices } from '../api/lead-owners.ts';
import { LeadFormSections } from './lead-form-sections.tsx';
import { LEAD_FORM_FIELDS, leadFormValues, updateLeadResolver } from './lead-form-values.ts';
import type { LeadFormValues, LeadUpdateData, RegisterField } from './lead-form-values.ts';

type LeadEditFormProps = { lead: Lead; onDone: () => void };

/** Editing a lead in the drawer: leadUpdateSchema's rules, saved with PUT. */
export const LeadEditForm = ({ lead, onDone }: LeadEditFormProps) => {
  const updateLead = useUpdateLead();
  const owners = useOwnerChoices(lead.ownerId, lead.owner?.name || 'Nobody');
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
      editSaveCallbacks({
        saved: 'Lead updated successfully',
        failed: 'Failed to update lead',
        onDone,
        setError,
        fields: LEAD_FORM_FIELDS,
      }),
    );
  });

  return (
    <EditFormShell
      label="Edit lead"
      onSubmit={submit}
      invalid={Object.keys(errors).length > 0}
      saving={updateLead.isPending}
      pristine={!isDirty}
      onCancel={onDone}
    >
      <LeadFormSections
        field={field}
        errors={errors}
        source={source}
        idPrefix={`edit-${lead._id}`}
        wide={false}
        owners={owners}
      />
    </EditFormShell>
  );
};
