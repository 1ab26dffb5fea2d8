import type { OrganizationSettings } from '@leadline/shared/organization';
import { isAdministrator } from '@leadline/shared/permissions';
import type { Db } from '../../db/connection.ts';
import { chooseOrganization, organizationIn } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { logActivity } from '../activity/log.ts';
import { findOrganizationSettings, updateOrganizationSettings as saveSettings } from './repo.ts';

const NO_ORGANIZATION = chooseOrganization('see its settings');
const REQUIRE_OWN_FIRST =
  'Set up two-step sign-in for your own account (Profile) before you require it of everyone.';

/** GET /api/organizations/settings: everyone in the organisation reads them (to format values). */
export const organizationSettings = async (
  db: Db,
  actor: CurrentUser,
): Promise<OrganizationSettings> => {
  const settings = await findOrganizationSettings(db, organizationIn(actor, NO_ORGANIZATION));
  if (!settings) throw notFound('Organisation not found');
  return settings;
};

/** PUT /api/organizations/settings: the organisation's Admins (and a Super Admin working in it). */
export const updateOrganizationSettings = async (
  db: Db,
  actor: CurrentUser,
  changes: Partial<Omit<OrganizationSettings, 'organization'>>,
): Promise<OrganizationSettings> => {
  const organizationId = organizationIn(actor, NO_ORGANIZATION);
  if (!isAdministrator(actor))
    throw forbidden('Only an Admin can change the organisation settings.');
  // Requiring it of everyone starts with oneself: the Admin is not shut out by their own switch.
  if (changes.requireTwoFactor && !actor.row.twoFactorEnabled) {
    throw badRequest(REQUIRE_OWN_FIRST, { requireTwoFactor: REQUIRE_OWN_FIRST });
  }
  const said = [
    ...(changes.currency === undefined ? [] : [`Organisation currency set to ${changes.currency}`]),
    ...(changes.tracking === undefined
      ? []
      : [`Open and click tracking switched ${changes.tracking ? 'on' : 'off'}`]),
    ...(changes.requireTwoFactor === undefined
      ? []
      : [`Two-step sign-in ${changes.requireTwoFactor ? 'required' : 'no longer required'}`]),
  ];
  await db.transaction(async (tx) => {
    await saveSettings(tx, organizationId, {
      ...(changes.currency === undefined ? {} : { currency: changes.currency }),
      ...(changes.tracking === undefined ? {} : { tracking: changes.tracking }),
      ...(changes.requireTwoFactor === undefined
        ? {}
        : { requireTwoFactor: changes.requireTwoFactor }),
    });
    await logActivity(tx, {
      organizationId,
      userId: actor.id,
      type: 'User',
      action: 'settings updated',
      details: said.join('; '),
    });
  });
  return organizationSettings(db, actor);
};
