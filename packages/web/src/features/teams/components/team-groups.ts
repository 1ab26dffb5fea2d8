import type { PublicUser, UsersResponse } from '@leadline/shared/auth';

export type TeamGroup = { key: string; title: string; users: PublicUser[]; superAdmins: boolean };

const byName = (a: PublicUser, b: PublicUser) => a.name.localeCompare(b.name);

/** Both answer shapes of GET /api/users as a list of titled groups. */
export const toTeamGroups = (data: UsersResponse, ownOrganization: string | null): TeamGroup[] => {
  if ('superAdmins' in data) {
    const organizations = Object.entries(data.organizations)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, users]) => ({
        key: `org:${name}`,
        title: name,
        users: [...users].sort(byName),
        superAdmins: false,
      }));
    return [
      {
        key: 'super-admins',
        title: 'Super Admins',
        users: [...data.superAdmins].sort(byName),
        superAdmins: true,
      },
      ...organizations,
    ];
  }
  const seen = new Set<string>();
  const users: PublicUser[] = [];
  for (const user of [data.admin, ...data.users]) {
    if (user && !seen.has(user._id)) {
      seen.add(user._id);
      users.push(user);
    }
  }
  return [
    {
      key: 'own',
      title: ownOrganization ?? 'Your organization',
      users: users.sort(byName),
      superAdmins: false,
    },
  ];
};

export const filterUsers = (users: PublicUser[], search: string, role: string): PublicUser[] => {
  const term = search.trim().toLowerCase();
  return users.filter(
    (user) =>
      (!role || user.role === role) &&
      (!term || `${user.name} ${user.email} ${user.role}`.toLowerCase().includes(term)),
  );
};

export const membersLabel = (count: number): string =>
  `${count} ${count === 1 ? 'member' : 'members'}`;
