/** The users module's door for other modules: find a user, and store a user's new password hash. */
export { findUserByEmail, findUserById, updateUser } from './repo.ts';
