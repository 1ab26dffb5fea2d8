import { useState } from 'react';
import type { ReactNode } from 'react';
import { assignableRoles, canManageAccount } from '@leadline/shared/accounts';
import type { PublicUser } from '@leadline/shared/auth';
import { confirmDanger } from '../../../components/confirm.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  useResetTwoFactor,
  useResetUserPassword,
  useSetAccountActive,
} from '../api/account-actions.ts';
import { AccountMenu } from './account-menu.tsx';
import { DeleteUserModal } from './delete-user-modal.tsx';
import { RoleModal } from './role-modal.tsx';
import { TemporaryPasswordModal } from './temporary-password-modal.tsx';

type Shown = { name: string; email: string; password: string };

/**
 * What an administrator can do to the accounts on the team screen: the per-card menu and
 * the dialogs it opens. Only accounts the server would let the actor manage get a menu.
 */
export const useAccountAdmin = (actor: PublicUser, team: readonly PublicUser[] = []) => {
  const [roleFor, setRoleFor] = useState<PublicUser | null>(null);
  const [deleting, setDeleting] = useState<PublicUser | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const setActive = useSetAccountActive();
  const reset = useResetUserPassword();
  const resetSecondStep = useResetTwoFactor();

  const changeActive = (user: PublicUser, active: boolean) => {
    const run = () =>
      setActive.mutate(
        { id: user.id, active },
        {
          onSuccess: ({ message }) => notifySuccess(`${message}: ${user.name}`),
          onError: (error) => notifyError(errorMessage(error, 'Failed to update the user'), error),
        },
      );
    if (active) return run();
    confirmDanger({
      title: 'Deactivate user',
      message: `${user.name} will be signed out at once and cannot sign in until reactivated. Nothing of theirs is deleted.`,
      confirmLabel: 'Deactivate',
      onConfirm: run,
    });
  };

  const resetPassword = (user: PublicUser) =>
    confirmDanger({
      title: 'Reset password',
      message: `${user.name} will be signed out everywhere and get a temporary password, shown to you once. They must choose a new password when they next sign in.`,
      confirmLabel: 'Reset password',
      onConfirm: () =>
        reset.mutate(user.id, {
          onSuccess: ({ temporaryPassword }) =>
            setShown({ name: user.name, email: user.email, password: temporaryPassword }),
          onError: (error) =>
            notifyError(errorMessage(error, 'Failed to reset the password'), error),
        }),
    });

  const resetTwoFactor = (user: PublicUser) =>
    confirmDanger({
      title: 'Reset two-step sign-in',
      message: `${user.name}'s authenticator app and recovery codes stop working. They sign in with their password alone until they set it up again (at once, when your organisation requires it). They are emailed about it.`,
      confirmLabel: 'Reset two-step sign-in',
      onConfirm: () =>
        resetSecondStep.mutate(user.id, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: (error) =>
            notifyError(errorMessage(error, 'Failed to reset two-step sign-in'), error),
        }),
    });

  const actionsFor = (user: PublicUser): ReactNode => {
    if (!canManageAccount(actor, user)) return null;
    return (
      <AccountMenu
        user={user}
        canChangeRole={assignableRoles(actor, user).length > 0}
        onChangeRole={() => setRoleFor(user)}
        onResetPassword={() => resetPassword(user)}
        onResetTwoFactor={() => resetTwoFactor(user)}
        onSetActive={(active) => changeActive(user, active)}
        onDelete={() => setDeleting(user)}
      />
    );
  };

  const dialogs = (
    <>
      <RoleModal
        user={roleFor}
        roles={roleFor ? assignableRoles(actor, roleFor) : []}
        onClose={() => setRoleFor(null)}
      />
      <TemporaryPasswordModal shown={shown} onClose={() => setShown(null)} />
      <DeleteUserModal user={deleting} team={team} onClose={() => setDeleting(null)} />
    </>
  );

  return { actionsFor, dialogs };
};
