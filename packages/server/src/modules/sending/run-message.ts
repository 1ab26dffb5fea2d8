import type { EmailFont, EmailPriority } from '@leadline/shared/email';
import { mergeValuesOf } from '@leadline/shared/merge-fields';
import type { Db } from '../../db/connection.ts';
import { cleanEmailHtml, escapeHtml, htmlToText } from '../../mail/message.ts';
import type { LeadRow } from '../leads/present.ts';
import type { OutgoingEmail, Sender } from './email.ts';
import { personalize, wrapEmailBody } from './personalize.ts';
import { lastMessageTo, threadUnder } from '../replies/threading.ts';
import type { UnsubscribeLinks } from '../unsubscribe/links.ts';

/**
 * One run (bulk job, campaign step): who sends, which run (at most one email per lead), where
 * unsubscribe links point, and how its delivered emails are recorded: 'turns' (a bulk run)
 * reserves them 'queued' ahead of their turn on the connection, and each records the one
 * before it as it starts (see createRunTurns); 'after' leaves recording to the caller, once
 * the SMTP turn is over (recordSent), so that the next email need not wait for it.
 */
export type RunOptions = {
  sender: Sender & { organizationId: string };
  /** The run's id: sent_emails.job_id, unique per lead. */
  jobId: string;
  kind: 'bulk' | 'campaign';
  links: UnsubscribeLinks;
  recording: 'turns' | 'after';
  /** Track opens and clicks (the organisation's switch and the run's choice, both on). */
  track?: boolean;
  /** The sender's mailbox the run sends from (absent: their default). */
  mailboxId?: string | null;
  /**
   * A threaded email goes from the mailbox the last email to the lead went from, when that is
   * one of the sender's (a follow-up with no mailbox chosen); else from `mailboxId`.
   */
  followLastMailbox?: boolean;
};

export type RunLead = Pick<
  LeadRow,
  | 'id'
  | 'personEmail'
  | 'personFirstName'
  | 'personLastName'
  | 'companyName'
  | 'personDesignation'
  | 'personCity'
  | 'personCountry'
  | 'repliedAt'
  | 'unsubscribedAt'
> & {
  /** The lead's "do not track" (absent: tracked as the run says). */
  doNotTrack?: boolean;
  /** Whether the address is on the suppression list (the caller reads it for the batch). */
  suppressed: boolean;
  /** The mailbox this lead's emails go from (a campaign spreads its leads); absent: the run's. */
  mailboxId?: string | null;
};

export type RunMessage = {
  /** Subject and HTML body with merge fields (`{{firstName}}`, `{{companyName|your team}}`…). */
  subject: string;
  body: string;
  font: EmailFont;
  priority?: EmailPriority;
  /** Thread under the last email sent to the lead (In-Reply-To, References). */
  threaded: boolean;
  /** Skip a lead that has replied (follow-ups). */
  skipReplied: boolean;
};

export const unsubscribeFooter = (url: string): string =>
  `<p style="margin-top: 24px; font-size: 12px; color: #6b7280;">Don't want these emails? <a href="${escapeHtml(url)}">Unsubscribe</a></p>`;

/** Where the lead's own unsubscribe link goes in a run's cleaned template. */
const LINK_SLOT = '{{unsubscribeUrl}}';

/**
 * The cleaned HTML in two: the body (with merge fields) up to the unsubscribe footer, where the
 * mailbox's signature goes, and the footer to the end (within the wrapper).
 */
type Template = { body: string; footer: string; text: string };
const templates = new WeakMap<RunMessage, Template>();
const CLEAN_FOOTER = cleanEmailHtml(unsubscribeFooter(LINK_SLOT));

/**
 * The message's body wrapped, with the unsubscribe footer, cleaned once (cleanEmailHtml is
 * the costly part of composing an email) and its text; each lead's email only fills it in.
 */
const templateOf = (message: RunMessage): Template => {
  let template = templates.get(message);
  if (!template) {
    const html = cleanEmailHtml(
      wrapEmailBody(message.body + unsubscribeFooter(LINK_SLOT), message.font),
    );
    // The footer is the last thing in the wrapper, cleaned as it is on its own.
    const footerAt = html.lastIndexOf(CLEAN_FOOTER);
    const at = footerAt === -1 ? html.length : footerAt;
    template = {
      body: html.slice(0, at),
      footer: html.slice(at),
      text: htmlToText(cleanEmailHtml(wrapEmailBody(message.body, message.font))),
    };
    templates.set(message, template);
  }
  return template;
};

/** The personalised email for one lead: placeholders filled, body wrapped, unsubscribe added. */
export const composeFor = async (
  db: Db,
  run: RunOptions,
  lead: RunLead,
  message: RunMessage,
): Promise<OutgoingEmail> => {
  const target = { organizationId: run.sender.organizationId, email: lead.personEmail };
  const last = message.threaded ? await lastMessageTo(db, lead.id) : null;
  const thread = last ? threadUnder(last) : null;
  const url = run.links.url(target);
  const template = templateOf(message);
  const values = mergeValuesOf(lead, run.sender.name);
  const lastMailbox =
    run.followLastMailbox && last?.userId === run.sender.id ? last.mailboxId : null;
  const body = personalize(template.body, values, 'html');
  const text = personalize(template.text, values);
  return {
    mailboxId: lead.mailboxId ?? lastMailbox ?? run.mailboxId ?? null,
    kind: run.kind,
    to: lead.personEmail,
    cc: [],
    bcc: [],
    subject: personalize(message.subject, values),
    html: '',
    prepared: {
      html: body + template.footer.split(LINK_SLOT).join(escapeHtml(url)),
      text: `${text}\n\nDon't want these emails? Unsubscribe: ${url}`,
      signatureAt: { html: body.length, text: text.length },
    },
    priority: message.priority ?? 'normal',
    leadId: lead.id,
    jobId: run.jobId,
    inReplyTo: thread?.inReplyTo ?? null,
    references: thread?.references ?? [],
    headers: run.links.headers(target),
    logActivity: false,
    track: run.track === true && lead.doNotTrack !== true,
  };
};
