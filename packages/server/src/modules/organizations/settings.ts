import type { OrganizationSettings } from '@leadline/shared/organization';
import { isAdministrator } from '@leadline/shared/permissions';
import type { Db } from '../../db/connection.ts';
import { chooseOrganization, organizationIn } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { logActivity } from '../activity/log.ts';
import { findOrganizationSettings, updateOrganizationSettings as saveSettings } from './repo.ts';

const NO_ORGANIZATION = chooseOrganization('see its settings');

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
  changes: { currency?: string; tracking?: boolean },
): Promise<OrganizationSettings> => {
  const organizationId = organizationIn(actor, NO_ORGANIZATION);
  if (!isAdministrator(actor))
    throw forbidden('Only an Admin can change the organisation settings.');
  const said = [
    ...(changes.currency === undefined ? [] : [`Organisation currency set to ${changes.currency}`]),
    ...(changes.tracking === undefined
      ? []
      : [`Open and click tracking switched ${changes.tracking ? 'on' : 'off'}`]),
  ];
  await db.transaction(async (tx) => {
    await saveSettings(tx, organizationId, {
      ...(changes.currency === undefined ? {} : { currency: changes.currency }),
      ...(changes.tracking === undefined ? {} : { tracking: changes.tracking }),
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
