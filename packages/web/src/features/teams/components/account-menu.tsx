import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import {
  IconDots,
  IconKey,
  IconShieldOff,
  IconTrash,
  IconUserCheck,
  IconUserCog,
  IconUserOff,
} from '@tabler/icons-react';
import type { PublicUser } from '@leadline/shared/auth';

type AccountMenuProps = {
  user: PublicUser;
  canChangeRole: boolean;
  onChangeRole: () => void;
  onResetPassword: () => void;
  /** Shown when the member has two-step sign-in on. */
  onResetTwoFactor: () => void;
  onSetActive: (active: boolean) => void;
  onDelete: () => void;
};

/** An administrator's actions on one account: role, password and two-step resets, (de)activation. */
export const AccountMenu = ({
  user,
  canChangeRole,
  onChangeRole,
  onResetPassword,
  onResetTwoFactor,
  onSetActive,
  onDelete,
}: AccountMenuProps) => {
  const inactive = user.status === 'inactive';
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Tooltip label="Account actions" withArrow>
          <ActionIcon variant="light" size="lg" aria-label={`Account actions for ${user.name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {canChangeRole ? (
          <Menu.Item leftSection={<IconUserCog size={16} />} onClick={onChangeRole}>
            Change role
          </Menu.Item>
        ) : null}
        <Menu.Item leftSection={<IconKey size={16} />} onClick={onResetPassword}>
          Reset password
        </Menu.Item>
        {user.twoFactorEnabled ? (
          <Menu.Item leftSection={<IconShieldOff size={16} />} onClick={onResetTwoFactor}>
            Reset two-step sign-in
          </Menu.Item>
        ) : null}
        {inactive ? (
          <Menu.Item leftSection={<IconUserCheck size={16} />} onClick={() => onSetActive(true)}>
            Reactivate
          </Menu.Item>
        ) : (
          <Menu.Item
            color="red"
            leftSection={<IconUserOff size={16} />}
            onClick={() => onSetActive(false)}
          >
            Deactivate
          </Menu.Item>
        )}
        {user.role !== 'Super Admin' ? (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            Delete
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
};
