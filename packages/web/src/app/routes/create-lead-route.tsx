import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert, Box, Button, Fieldset, Grid, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconConfetti, IconEye, IconEyeOff } from '@tabler/icons-react';
import type { LeadData } from '@leadline/shared/leads';
import { BackTitle } from '../../components/back-title.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { splitEmoji } from '../../lib/emoji.tsx';
import { useCreateLead } from '../../features/leads/api/create-lead.ts';
import { LeadFormSections } from '../../features/leads/components/lead-form-sections.tsx';
import { useOwnerChoices } from '../../features/leads/api/lead-owners.ts';
import {
  EMPTY_LEAD_FORM,
  LEAD_FORM_FIELDS,
  completion,
  createLeadResolver,
} from '../../features/leads/components/lead-form-values.ts';
import type {
  LeadFormValues,
  RegisterField,
} from '../../features/leads/components/lead-form-values.ts';
import { LeadPreview } from '../../features/leads/components/lead-preview.tsx';
import { DuplicateWarning } from '../../features/duplicates/components/duplicate-warning.tsx';
import { useCustomFields } from '../../features/custom-fields/api/custom-fields.ts';
import { CustomFieldInputs } from '../../features/custom-fields/components/custom-field-inputs.tsx';
import { useCustomForm } from '../../features/custom-fields/components/custom-form.ts';

export const LEAD_CREATED = '🎉 Lead created successfully!';
export const LEAD_CREATE_FAILED = 'Failed to create lead. Please try again.';
export const FIX_ERRORS = 'Please fix the errors below';
/** About 1.2 s between the success banner and the leads table: long enough to read it. */
const REDIRECT_MS = 1200;

type Result = { kind: 'success' } | { kind: 'error'; message: string } | null;

/** /create-lead: the lead form with completion, live preview and success or failure banners. */
export const CreateLeadRoute = () => {
  const navigate = useNavigate();
  const createLead = useCreateLead();
  const owners = useOwnerChoices(null, 'Me (the creator)');
  const [preview, setPreview] = useState(true);
  const [result, setResult] = useState<Result>(null);
  const customFields = useCustomFields('lead').data ?? [];
  const custom = useCustomForm();
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const {
    register,
    handleSubmit,
    watch,
    reset,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm<LeadFormValues, unknown, LeadData>({
    resolver: createLeadResolver,
    defaultValues: EMPTY_LEAD_FORM,
    reValidateMode: 'onSubmit',
  });
  const values = watch();
  const percent = completion(values);
  const hasErrors = Object.keys(errors).length > 0;
  const done = result?.kind === 'success';

  // A field's error clears as soon as that field is edited.
  const field: RegisterField = (name) =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        if (name === 'source') clearErrors('contactProfileLink');
      },
    });

  const submit = handleSubmit(
    (data) => {
      setResult(null);
      const customValues = custom.check(customFields);
      if (!customValues) {
        setResult({ kind: 'error', message: FIX_ERRORS });
        return;
      }
      createLead.mutate(
        { ...data, custom: customValues },
        {
          onSuccess: () => {
            setResult({ kind: 'success' });
            redirect.current = window.setTimeout(() => void navigate('/leads-table'), REDIRECT_MS);
          },
          onError: (error) => {
            setResult({ kind: 'error', message: errorMessage(error, LEAD_CREATE_FAILED) });
            applyServerFieldErrors(error, setError, LEAD_FORM_FIELDS);
            custom.applyServerErrors(error);
          },
        },
      );
    },
    () => {
      setResult(null);
      custom.check(customFields);
    },
  );

  const resetForm = () => {
    reset(EMPTY_LEAD_FORM);
    custom.reset();
    setResult(null);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <BackTitle
          title="Create Lead"
          description="A company and its contact person"
          backTo="/leads-table"
          backLabel="Back to leads"
        />
        <Group gap="md" wrap="nowrap">
          <Stack gap={4} w={150}>
            <Text size="sm" fw={500} data-testid="completion">
              {percent}% complete
            </Text>
            <Progress value={percent} size="sm" aria-label="Form completion" />
          </Stack>
          <Button
            variant="default"
            leftSection={preview ? <IconEyeOff size={16} /> : <IconEye size={16} />}
            onClick={() => setPreview((shown) => !shown)}
            aria-pressed={preview}
          >
            {preview ? 'Hide Preview' : 'Preview'}
          </Button>
        </Group>
      </Group>

      {done ? (
        <Alert color="green" variant="light" icon={<IconConfetti size={18} />} role="status">
          {splitEmoji(LEAD_CREATED).text}
        </Alert>
      ) : result?.kind === 'error' ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {result.message}
        </Alert>
      ) : hasErrors ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {FIX_ERRORS}
        </Alert>
      ) : null}

      {done ? null : (
        <DuplicateWarning
          values={{
            personEmail: values.personEmail,
            personLinkedin: values.personLinkedin,
            phone: values.phone,
            personFirstName: values.personFirstName,
            personLastName: values.personLastName,
            companyName: values.companyName,
            companySite: values.companySite,
          }}
        />
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: preview ? 8 : 12 }}>
          <form onSubmit={submit} noValidate aria-label="Create lead">
            <Stack gap="md">
              <LeadFormSections
                field={field}
                errors={errors}
                source={values.source}
                idPrefix="create-lead"
                owners={owners}
              />
              {customFields.some((item) => !item.hidden) ? (
                <Fieldset legend="Custom fields" radius="md">
                  <CustomFieldInputs
                    fields={customFields}
                    values={custom.values}
                    errors={custom.errors}
                    onChange={custom.onChange}
                    idPrefix="create-lead"
                  />
                </Fieldset>
              ) : null}
              <Group justify="flex-end" gap="sm">
                <Button
                  variant="default"
                  onClick={resetForm}
                  disabled={createLead.isPending || done}
                >
                  Reset Form
                </Button>
                <Button type="submit" disabled={createLead.isPending || done}>
                  {createLead.isPending ? 'Creating Lead...' : 'Create Lead'}
                </Button>
              </Group>
            </Stack>
          </form>
        </Grid.Col>
        {preview ? (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Box pos="sticky" top={76}>
              <LeadPreview values={values} />
            </Box>
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
};
