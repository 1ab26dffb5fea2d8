import type { PublicUser } from '@leadline/shared/auth';
import { AuditLog } from '../../features/audit/components/audit-log.tsx';
import type { AuditUserOption } from '../../features/audit/components/audit-filters-bar.tsx';
import { useUsers } from '../../features/teams/api/get-users.ts';

const option = (user: PublicUser): AuditUserOption => ({
  value: user._id,
  label: `${user.name} (${user.email})`,
});

/** /audit: the Audit log, its user filter offering the team (every user for a Super Admin). */
export const AuditRoute = () => {
  const { data } = useUsers();
  const users = !data
    ? []
    : 'users' in data
      ? data.users
      : [...data.superAdmins, ...Object.values(data.organizations).flat()];
  return <AuditLog users={users.map(option)} />;
};
