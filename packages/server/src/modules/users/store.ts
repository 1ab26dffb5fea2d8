/**
 * The users module's door for other modules: finding users (by id, email or session), and the
 * writes sign-in and passwords need (the first administrator, a new password hash). Every write
 * to the users table stays in ./repo.ts.
 */
export {
  countOtherActiveSuperAdmins,
  countSuperAdmins,
  ensureOrganization,
  findFirstAdmin,
  findUserByEmail,
  findUserById,
  findUserNames,
  findUserBySession,
  insertUser,
  listOrganizationMembers,
  updateUser,
} from './repo.ts';
export type { OrganizationMember } from './repo.ts';
