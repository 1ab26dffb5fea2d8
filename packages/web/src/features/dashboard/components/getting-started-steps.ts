import type { PublicUser } from '@leadline/shared/auth';
import type { GettingStarted } from '@leadline/shared/organization';
import { creatableRoles, hasPermission } from '@leadline/shared/permissions';

export type GettingStartedStep = {
  id: 'mailbox' | 'leads' | 'teammate';
  title: string;
  hint: string;
  done: boolean;
  action: { label: string; to: string };
};

/** The first steps this user can take themselves, each checked against the server's data. */
export const gettingStartedSteps = (
  user: PublicUser,
  status: GettingStarted,
): GettingStartedStep[] => {
  const steps: GettingStartedStep[] = [];
  if (hasPermission(user, 'configureEmail')) {
    steps.push({
      id: 'mailbox',
      title: 'Connect your mailbox',
      hint: 'Emails, campaigns and invitations go out from your own account.',
      done: status.mailbox,
      action: { label: 'Connect mailbox', to: '/email/config' },
    });
  }
  const leadsTable = hasPermission(user, 'leadsTable');
  if (leadsTable || hasPermission(user, 'createLead')) {
    steps.push({
      id: 'leads',
      title: 'Add your first leads',
      hint: 'Import a spreadsheet (.xlsx, .xls or .csv) or create a lead by hand.',
      done: status.leads,
      action: leadsTable
        ? { label: 'Import leads', to: '/leads-table' }
        : { label: 'Create lead', to: '/create-lead' },
    });
  }
  if (creatableRoles(user).length > 0) {
    steps.push({
      id: 'teammate',
      title: 'Invite a teammate',
      hint: `Create an account for a colleague in ${status.organization ?? 'your organisation'}.`,
      done: status.teammate,
      action: { label: 'Create user', to: '/create-user' },
    });
  }
  return steps;
};
