import { SSO_CALLBACK_PATH } from '@leadline/shared/sso';
import type {
  SsoConfig,
  SsoConfigAnswer,
  ssoConfigSchema,
  ssoConfigUpdateSchema,
} from '@leadline/shared/sso';
import type { z } from 'zod';
import { mailPrivateHostsAllowed } from '../../config.ts';
import { chooseOrganization, organizationIn } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import type { Db } from '../../db/connection.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { logActivity } from '../activity/log.ts';
import { recordAudit, whoIn } from '../audit/record.ts';
import type { AuditWho } from '../audit/record.ts';
import { ProviderError, discover, forgetProvider } from './provider.ts';
import { deleteConfig, findClaimedDomain, findConfigOf, saveConfig } from './repo.ts';
import type { SsoConfigRow, SsoConfigValues } from './repo.ts';

const NO_ORGANIZATION = chooseOrganization('set up single sign-on');
export const SSO_NOT_FOUND = 'Single sign-on is not set up for this organisation.';
const ALREADY_SET_UP = 'Single sign-on is already set up for this organisation: change it instead.';
const HTTP_ISSUER = 'Issuer must be an https address.';

export const redirectUriOf = (publicUrl: string): string => `${publicUrl}${SSO_CALLBACK_PATH}`;

const present = (row: SsoConfigRow, publicUrl: string): SsoConfig => ({
  issuer: row.issuer,
  clientId: row.clientId,
  hasSecret: row.clientSecretEncrypted.length > 0,
  domains: row.domains,
  defaultRole: row.defaultRole,
  ssoOnly: row.ssoOnly,
  redirectUri: redirectUriOf(publicUrl),
  updatedAt: row.updatedAt.toISOString(),
});

/** GET /api/sso */
export const readConfig = async (
  db: Db,
  actor: CurrentUser,
  publicUrl: string,
): Promise<SsoConfigAnswer> => {
  const row = await findConfigOf(db, organizationIn(actor, NO_ORGANIZATION));
  return { config: row ? present(row, publicUrl) : null, redirectUri: redirectUriOf(publicUrl) };
};

/**
 * The issuer is usable: https (http only where private hosts are allowed, as for mail OAuth),
 * and its discovery document read now, naming it exactly.
 */
const checkIssuer = async (issuer: string): Promise<void> => {
  if (new URL(issuer).protocol !== 'https:' && !mailPrivateHostsAllowed())
    throw badRequest(HTTP_ISSUER, { issuer: HTTP_ISSUER });
  try {
    await discover(issuer, true);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const message = `Leadline could not use this issuer. ${error.message}.`;
    throw badRequest(message, { issuer: message });
  }
};

const checkDomains = async (db: Db, organizationId: string, domains: string[]): Promise<void> => {
  const claimed = await findClaimedDomain(db, organizationId, domains);
  if (claimed)
    throw conflict(
      `The domain ${claimed} is already used by another organisation's single sign-on.`,
    );
};

type Saved = z.output<typeof ssoConfigUpdateSchema>;

/** Saves (in one transaction, with its activity entry) and answers the configuration. */
const store = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  organizationId: string,
  values: Omit<SsoConfigValues, 'clientSecretEncrypted'> & { clientSecret?: string },
  domains: string[] | undefined,
  said: { action: string; details: string },
  audit: { who: AuditWho; kind: 'sso.configured' | 'sso.changed' },
  publicUrl: string,
): Promise<SsoConfig> => {
  const { clientSecret, ...rest } = values;
  try {
    await db.transaction(async (tx) => {
      await saveConfig(
        tx,
        organizationId,
        {
          ...rest,
          ...(clientSecret === undefined
            ? {}
            : { clientSecretEncrypted: box.encrypt(clientSecret) }),
        },
        domains,
      );
      await logActivity(tx, {
        organizationId,
        userId: actor.id,
        type: 'Settings',
        ...said,
      });
      await recordAudit(tx, whoIn(audit.who, organizationId), audit.kind, {
        details: said.details,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('One of these domains is already used by another organisation.');
    throw error;
  }
  const row = await findConfigOf(db, organizationId);
  return present(row!, publicUrl);
};

/** POST /api/sso */
export const createConfig = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  input: z.output<typeof ssoConfigSchema>,
  publicUrl: string,
  who: AuditWho,
): Promise<SsoConfig> => {
  const organizationId = organizationIn(actor, NO_ORGANIZATION);
  if (await findConfigOf(db, organizationId)) throw conflict(ALREADY_SET_UP);
  await checkDomains(db, organizationId, input.domains);
  await checkIssuer(input.issuer);
  const { domains, ...values } = input;
  return store(
    db,
    box,
    actor,
    organizationId,
    { ...values, ssoOnly: values.ssoOnly ?? false },
    domains,
    {
      action: 'sso set up',
      details: `${actor.email} set up single sign-on with ${input.issuer} for ${domains.join(', ')}`,
    },
    { who, kind: 'sso.configured' },
    publicUrl,
  );
};

/** What changed, in words for the activity log (never the secret itself). */
const changesSaid = (before: SsoConfigRow, changes: Saved): string => {
  const said: string[] = [];
  if (changes.issuer !== undefined && changes.issuer !== before.issuer)
    said.push(`issuer ${changes.issuer}`);
  if (changes.clientId !== undefined && changes.clientId !== before.clientId)
    said.push('client ID');
  if (changes.clientSecret !== undefined) said.push('client secret replaced');
  if (changes.domains !== undefined) said.push(`domains ${changes.domains.join(', ')}`);
  if (changes.defaultRole !== undefined) said.push(`default role ${changes.defaultRole}`);
  if (changes.ssoOnly !== undefined)
    said.push(changes.ssoOnly ? 'SSO only switched on' : 'SSO only switched off');
  return said.length > 0 ? said.join('; ') : 'nothing';
};

/** PUT /api/sso: the fields given change; the secret stays when left out. */
export const updateConfig = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  changes: Saved,
  publicUrl: string,
  who: AuditWho,
): Promise<SsoConfig> => {
  const organizationId = organizationIn(actor, NO_ORGANIZATION);
  const before = await findConfigOf(db, organizationId);
  if (!before) throw notFound(SSO_NOT_FOUND);
  if (changes.domains) await checkDomains(db, organizationId, changes.domains);
  const issuer = changes.issuer ?? before.issuer;
  await checkIssuer(issuer);
  const { domains, ...values } = changes;
  const saved = await store(
    db,
    box,
    actor,
    organizationId,
    {
      issuer,
      clientId: values.clientId ?? before.clientId,
      defaultRole: values.defaultRole ?? before.defaultRole,
      ssoOnly: values.ssoOnly ?? before.ssoOnly,
      ...(values.clientSecret === undefined ? {} : { clientSecret: values.clientSecret }),
    },
    domains,
    {
      action: 'sso changed',
      details: `${actor.email} changed single sign-on: ${changesSaid(before, changes)}`,
    },
    { who, kind: 'sso.changed' },
    publicUrl,
  );
  forgetProvider(before.issuer);
  return saved;
};

/** DELETE /api/sso */
export const removeConfig = async (
  db: Db,
  actor: CurrentUser,
  who: AuditWho,
): Promise<{ message: string }> => {
  const organizationId = organizationIn(actor, NO_ORGANIZATION);
  const before = await findConfigOf(db, organizationId);
  if (!before) throw notFound(SSO_NOT_FOUND);
  await db.transaction(async (tx) => {
    await deleteConfig(tx, organizationId);
    await logActivity(tx, {
      organizationId,
      userId: actor.id,
      type: 'Settings',
      action: 'sso removed',
      details: `${actor.email} removed single sign-on (${before.issuer})`,
    });
    await recordAudit(tx, whoIn(who, organizationId), 'sso.removed', { issuer: before.issuer });
  });
  forgetProvider(before.issuer);
  return { message: 'Single sign-on removed. Members sign in with their passwords again.' };
};
