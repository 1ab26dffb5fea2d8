import { expect } from 'vitest';
import type { Mailbox } from '@leadline/shared/mailboxes';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { bulkPayload, runBulk } from './email-bulk-support.ts';
import { adminOf, createLead } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import { startSmtpServer } from './mail-servers.ts';
import type { TestSmtpServer } from './mail-servers.ts';

/** A test context, and in it what the mailbox tests share (see openMailboxes). */
export type MailboxesWorld = {
  t: TestContext;
  /** Rita's office mailbox (rita@acme.test) and her outreach one (rita@outreach-acme.test). */
  office: TestSmtpServer;
  outreach: TestSmtpServer;
  /** Admins of `acme-<tag>` and `globex-<tag>`. */
  acme: OrganisationAdmin;
  globex: OrganisationAdmin;
  close: () => Promise<void>;
};

/** A test context, two SMTP servers of one user's two mailboxes, and two organisations' Admins. */
export const openMailboxes = async (tag: string): Promise<MailboxesWorld> => {
  const [t, office, outreach] = await Promise.all([
    createTestContext(),
    startSmtpServer({ user: 'rita@acme.test', password: 'office-pass-7Hq' }),
    startSmtpServer({ user: 'rita@outreach-acme.test', password: 'outreach-pass-2Kx' }),
  ]);
  const close = async () => {
    await t.close();
    await office.stop();
    await outreach.stop();
  };
  try {
    const acme = await adminOf(t, `acme-${tag}`);
    const globex = await adminOf(t, `globex-${tag}`);
    return { t, office, outreach, acme, globex, close };
  } catch (error) {
    await close();
    throw error;
  }
};

/** GET /api/email/mailboxes as the token's user: their mailboxes, the default first. */
export const listMailboxes = async (t: TestContext, token: string): Promise<Mailbox[]> => {
  const response = await t.request({ method: 'GET', url: '/api/email/mailboxes', token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { mailboxes: Mailbox[] }).mailboxes;
};

/**
 * A lead per name (`<name>@<domain>`, lower case) and a bulk email to them (`subject`, from
 * `mailboxId`): the run once it ended.
 */
export const bulkToNewLeads = async (
  t: TestContext,
  token: string,
  names: readonly string[],
  domain: string,
  options: { subject: string; mailboxId: string },
) => {
  const leads = await Promise.all(
    names.map((name) =>
      createLead(t, token, {
        personFirstName: name,
        personEmail: `${name.toLowerCase()}@${domain}`,
      }),
    ),
  );
  return runBulk(
    t,
    token,
    bulkPayload(
      leads.map((lead) => lead._id),
      options,
    ),
  );
};
