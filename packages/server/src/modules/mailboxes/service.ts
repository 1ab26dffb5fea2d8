import {
  MAILBOXES_MAX,
  MAILBOX_ADDED,
  MAILBOX_DEFAULT_SET,
  MAILBOX_DELETED,
  MAILBOX_NOT_FOUND,
  MAILBOX_SAVED,
  TOO_MANY_MAILBOXES,
} from '@leadline/shared/mailboxes';
import type { Mailbox, MailboxSaveData, MailboxesResponse } from '@leadline/shared/mailboxes';
import type { Db } from '../../db/connection.ts';
import { HttpError, badRequest, notFound } from '../../lib/errors.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { logActivity } from '../activity/log.ts';
import {
  checkedChanges,
  keepsOAuthLogin,
  savedServers,
  warmupChange,
} from '../mail-accounts/saving.ts';
import {
  deleteMailbox,
  findMailbox,
  insertMailbox,
  listMailboxes,
  saveSendingLimits,
  setDefaultMailbox,
  updateMailbox,
  warmupOf,
} from '../mail-accounts/stored.ts';
import type { MailAccountRow, MailboxChanges } from '../mail-accounts/stored.ts';
import { countSendsTodayByMailbox } from '../sending/records.ts';
import { mailboxAddress, toMailbox } from './present.ts';

export const MAILBOX_SETTINGS_REQUIRED = 'Send SMTP or IMAP settings to add a mailbox';
export const MAILBOX_TAKEN = 'You already have this mailbox: edit it instead';

const present = async (db: Db, actor: CurrentUser, rows: MailAccountRow[]): Promise<Mailbox[]> => {
  const sent = await countSendsTodayByMailbox(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toMailbox(row, actor.email, sent.get(row.id) ?? 0));
};

/** GET /api/email/mailboxes: the caller's mailboxes, the default first. */
export const getMailboxes = async (db: Db, actor: CurrentUser): Promise<MailboxesResponse> => ({
  mailboxes: await present(db, actor, await listMailboxes(db, actor.id)),
});

const ownMailbox = async (db: Db, actor: CurrentUser, id: string): Promise<MailAccountRow> => {
  const row = await findMailbox(db, actor.id, id);
  if (!row) throw notFound(MAILBOX_NOT_FOUND);
  return row;
};

const presentOne = async (db: Db, actor: CurrentUser, id: string): Promise<Mailbox> =>
  (await present(db, actor, [await ownMailbox(db, actor, id)]))[0]!;

/** What a save changes besides the servers: the from-name and the signature, when sent. */
const ownWordsOf = (data: MailboxSaveData): MailboxChanges => ({
  fromName: data.fromName,
  signature: data.signature,
});

/** Another of the user's mailboxes on the same server and login as the changes. */
const sameLogin = (rows: MailAccountRow[], changes: MailboxChanges, except?: string) =>
  rows.some(
    (row) =>
      row.id !== except &&
      ((changes.smtp && row.smtpHost === changes.smtp.host && row.smtpUser === changes.smtp.user) ||
        (changes.imap && row.imapHost === changes.imap.host && row.imapUser === changes.imap.user)),
  );

/**
 * POST /api/email/mailboxes: logs in to the servers sent and adds the mailbox (the default
 * when it is the user's first). 409 for a mailbox the user already has, or one too many.
 */
export const addMailbox = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  data: MailboxSaveData,
): Promise<{ message: string; mailbox: Mailbox }> => {
  if (!data.smtp && !data.imap) throw badRequest(MAILBOX_SETTINGS_REQUIRED);
  const existing = await listMailboxes(db, actor.id);
  if (existing.length >= MAILBOXES_MAX) throw new HttpError(409, TOO_MANY_MAILBOXES);
  const changes = await checkedChanges(box, undefined, data);
  if (sameLogin(existing, changes)) throw new HttpError(409, MAILBOX_TAKEN);
  const id = await db.transaction(async (tx) => {
    const added = await insertMailbox(tx, actor.id, { ...changes, ...ownWordsOf(data) });
    await logActivity(tx, {
      organizationId: actor.organizationId,
      userId: actor.id,
      type: 'Email',
      action: 'mailbox added',
      details: `${actor.name} added a mailbox: ${savedServers(changes)}`,
    });
    return added;
  });
  return { message: MAILBOX_ADDED, mailbox: await presentOne(db, actor, id) };
};

/**
 * PUT /api/email/mailboxes/:id: the settings sent are logged in to before they are saved (a
 * blank password keeps the stored one for the same host and user); `fromName` or `signature`
 * alone changes only that.
 */
export const editMailbox = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  id: string,
  data: MailboxSaveData,
): Promise<{ message: string; mailbox: Mailbox }> => {
  const row = await ownMailbox(db, actor, id);
  // A connected mailbox's SMTP card without a password: its limits only, its grant kept.
  const limitsOnly = keepsOAuthLogin(row, data);
  const changes =
    (data.smtp || data.imap) && !limitsOnly ? await checkedChanges(box, row, data) : {};
  if (sameLogin(await listMailboxes(db, actor.id), changes, id))
    throw new HttpError(409, MAILBOX_TAKEN);
  await db.transaction(async (tx) => {
    if (limitsOnly)
      await saveSendingLimits(tx, id, {
        dailyLimit: data.smtp!.dailyLimit ?? null,
        warmup: warmupChange(data.smtp!.warmup, warmupOf(row), new Date()),
      });
    await updateMailbox(tx, actor.id, id, { ...changes, ...ownWordsOf(data) });
    await logActivity(tx, {
      organizationId: actor.organizationId,
      userId: actor.id,
      type: 'Email',
      action: 'mailbox saved',
      details: `${actor.name} saved the mailbox ${mailboxAddress(row, actor.email)}${
        savedServers(changes) ? `: ${savedServers(changes)}` : ''
      }`,
    });
  });
  return { message: MAILBOX_SAVED, mailbox: await presentOne(db, actor, id) };
};

/**
 * DELETE /api/email/mailboxes/:id: the mailbox goes (its sent emails stay in the leads'
 * history); when it was the default, the oldest remaining mailbox becomes the default.
 */
export const removeMailbox = async (
  db: Db,
  actor: CurrentUser,
  id: string,
): Promise<{ message: string }> => {
  const row = await ownMailbox(db, actor, id);
  await db.transaction(async (tx) => {
    await deleteMailbox(tx, actor.id, id);
    await logActivity(tx, {
      organizationId: actor.organizationId,
      userId: actor.id,
      type: 'Email',
      action: 'mailbox deleted',
      details: `${actor.name} deleted the mailbox ${mailboxAddress(row, actor.email)}`,
    });
  });
  return { message: MAILBOX_DELETED };
};

/** POST /api/email/mailboxes/:id/default: sends that name no mailbox go from this one. */
export const makeDefaultMailbox = async (
  db: Db,
  actor: CurrentUser,
  id: string,
): Promise<{ message: string; mailboxes: Mailbox[] }> => {
  await ownMailbox(db, actor, id);
  await db.transaction((tx) => setDefaultMailbox(tx, actor.id, id));
  return { message: MAILBOX_DEFAULT_SET, ...(await getMailboxes(db, actor)) };
};
