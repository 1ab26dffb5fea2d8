import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { PublicUser } from '@leadline/shared/auth';
import { PERMISSION_KEYS, creatableRoles, defaultPermissions } from '@leadline/shared/permissions';
import type { Permissions } from '@leadline/shared/permissions';
import { isRole } from '@leadline/shared/roles';
import type { Role } from '@leadline/shared/roles';
import { organizationHint } from '../../../lib/account-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { tomorrowInputValue } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateUser } from '../api/create-user.ts';
import { CREATE_USER_FIELDS, createUserResolver } from './create-user-resolver.ts';
import type { CreateUserOutput, CreateUserValues } from './create-user-resolver.ts';
import { PermissionChecklist } from './permission-checklist.tsx';

const isAdministrator = (role: string) => role === 'Super Admin' || role === 'Admin';

/** The ticks are the role's defaults (a role the form does not know has none). */
const isRoleDefault = (permissions: Permissions, role: string): boolean => {
  if (!isRole(role)) return false;
  const defaults = defaultPermissions(role);
  return PERMISSION_KEYS.every((key) => permissions[key] === defaults[key]);
};

type CreateUserFormProps = { actor: PublicUser; onCreated?: (user: PublicUser) => void };

export const CreateUserForm = ({ actor, onCreated }: CreateUserFormProps) => {
  const roles = creatableRoles(actor);
  const initialRole: Role = roles.includes('Sales Rep') ? 'Sales Rep' : (roles[0] ?? 'Sales Rep');
  const fixedOrganization = actor.role === 'Super Admin' ? null : (actor.organization ?? '');
  const [permissions, setPermissions] = useState(() => defaultPermissions(initialRole));
  const createUser = useCreateUser();

  const defaultValues: CreateUserValues = {
    name: '',
    email: '',
    password: '',
    role: initialRole,
    organizationName: fixedOrganization ?? '',
    department: '',
    expiresAt: '',
  };
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateUserValues, unknown, CreateUserOutput>({
    resolver: createUserResolver(fixedOrganization),
    defaultValues,
  });
  const role = watch('role');
  const organizationName = watch('organizationName');
  const showOrganization = role !== 'Super Admin';

  const submit = handleSubmit((values) => {
    const body = {
      ...values,
      permissions: isAdministrator(values.role) ? defaultPermissions(values.role) : permissions,
    };
    createUser.mutate(body, {
      onSuccess: (response) => {
        notifySuccess('User created successfully');
        reset(defaultValues);
        setPermissions(defaultPermissions(initialRole));
        onCreated?.(response.user);
      },
      onError: (error) => {
        notifyError(errorMessage(error, 'Failed to create user'), error);
        applyServerFieldErrors(error, setError, CREATE_USER_FIELDS);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Create user">
      <Stack gap="md">
        {errors.root?.message ? (
          <Alert color="red" variant="light" role="alert">
            {errors.root.message}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Full name"
            autoComplete="off"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextInput
            label="Email address"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextInput
            label="Password"
            type="password"
            autoComplete="new-password"
            description="At least 8 characters"
            error={errors.password?.message}
            {...register('password')}
          />
          <NativeSelect
            label="Role"
            data={[...roles]}
            error={errors.role?.message}
            {...register('role', {
              // The ticks follow the role until the user changes one of them.
              onChange: (event: { target: { value: string } }) => {
                const next = event.target.value;
                if (isRole(next) && isRoleDefault(permissions, role))
                  setPermissions(defaultPermissions(next));
              },
            })}
          />
          {showOrganization ? (
            <TextInput
              label="Organization name"
              readOnly={fixedOrganization !== null}
              variant={fixedOrganization !== null ? 'filled' : 'default'}
              description={
                fixedOrganization !== null
                  ? 'Users you create join your own organization'
                  : organizationHint(organizationName)
              }
              error={errors.organizationName?.message}
              {...register('organizationName')}
            />
          ) : null}
          <TextInput
            label="Department (optional)"
            error={errors.department?.message}
            {...register('department')}
          />
          <TextInput
            label="Expiry date (optional)"
            type="date"
            min={tomorrowInputValue()}
            description="After this day the account can no longer sign in"
            error={errors.expiresAt?.message}
            {...register('expiresAt')}
          />
        </SimpleGrid>
        <PermissionChecklist
          value={permissions}
          onChange={setPermissions}
          locked={isAdministrator(role)}
          role={role}
          edited={!isRoleDefault(permissions, role)}
          onReset={() => {
            if (isRole(role)) setPermissions(defaultPermissions(role));
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={createUser.isPending}>
            Create User
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
