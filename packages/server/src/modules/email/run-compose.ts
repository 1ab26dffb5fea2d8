import type { EmailFont, EmailPriority, SentEmailStatus } from '@leadline/shared/email';
import type { Db } from '../../db/connection.ts';
import { cleanEmailHtml, escapeHtml, htmlToText } from '../../mail/message.ts';
import type { PooledSmtpTransport, SmtpAccount } from '../../mail/smtp.ts';
import type { LeadRow } from '../leads/repo.ts';
import type { StoredSmtp } from './accounts-repo.ts';
import type { EmailToSend, Sender } from './deliver.ts';
import type { SendReservation } from './limits.ts';
import { personalize, wrapEmailBody } from './personalize.ts';
import { lastMessageTo, threadUnder } from './threading.ts';
import type { UnsubscribeLinks } from './unsubscribe-links.ts';

/**
 * The SMTP side of a run (bulk job, campaign): passwords unsealed once, one pooled connection
 * per account reused for every email of the run. Close it when the run stops.
 */
export type RunMailer = {
  /** The SMTP account of the run's last reservation (the next one may skip the lock). */
  known?: StoredSmtp;
  account: (reservation: SendReservation) => SmtpAccount | null;
  transport: (account: SmtpAccount) => PooledSmtpTransport;
  close: () => void;
};

/**
 * How a run records its delivered emails: each at once (the default), or gathered and written
 * later (`flush`). With `start`, the run reserves its emails 'queued' ahead of their turn, and
 * each takes its turn on the connection through `start` (see createRunTurns).
 */
export type RunRecorder = {
  /** Marks a queued email 'sending' just before it goes; false: it must not go (run taken over). */
  start?: (sentEmailId: string) => Promise<boolean>;
  sent: (sentEmailId: string) => Promise<void>;
  flush: () => Promise<void>;
};

/** One run: who sends, which run (at most one email per lead), where links point. */
export type RunContext = {
  db: Db;
  mailer: RunMailer;
  links: UnsubscribeLinks;
  sender: Sender & { organizationId: string };
  /** The run's id: sent_emails.job_id, unique per lead. */
  jobId: string;
  kind: 'bulk' | 'campaign';
  /** Records delivered emails in batches when given; otherwise each at once. */
  recorder?: RunRecorder;
};

export type RunLead = Pick<
  LeadRow,
  'id' | 'personEmail' | 'personFirstName' | 'repliedAt' | 'unsubscribedAt'
> & {
  /** Whether the address is on the suppression list (the caller reads it for the batch). */
  suppressed: boolean;
};

export type RunMessage = {
  /** Subject and HTML body with `{{firstName}}` placeholders. */
  subject: string;
  body: string;
  font: EmailFont;
  priority?: EmailPriority;
  /** Thread under the last email sent to the lead (In-Reply-To, References). */
  threaded: boolean;
  /** Skip a lead that has replied (follow-ups). */
  skipReplied: boolean;
};

export type RunSendOutcome =
  | { status: 'sent'; sentEmailId: string; messageId: string }
  /** The run already holds an email to this lead (a resumed run): never sent twice. */
  | { status: 'skipped-already'; previous: SentEmailStatus }
  /** The address is on the organisation's suppression list (unsubscribed). */
  | { status: 'suppressed' }
  | { status: 'replied' }
  /** The sender's daily limit is reached: the run should stop. */
  | { status: 'limit-reached'; message: string }
  /**
   * Not sent. `fatal`: the next emails would fail alike (wrong password, unreadable password,
   * no SMTP settings, server unreachable), so the run should stop.
   */
  | { status: 'failed'; error: string; fatal: boolean };

export const unsubscribeFooter = (url: string): string =>
  `<p style="margin-top: 24px; font-size: 12px; color: #6b7280;">Don't want these emails? <a href="${escapeHtml(url)}">Unsubscribe</a></p>`;

/** Where the lead's own unsubscribe link goes in a run's cleaned template. */
const LINK_SLOT = '{{unsubscribeUrl}}';

type Template = { html: string; text: string };
const templates = new WeakMap<RunMessage, Template>();

/**
 * The message's body wrapped, with the unsubscribe footer, cleaned once (cleanEmailHtml is
 * the costly part of composing an email) and its text; each lead's email only fills it in.
 */
const templateOf = (message: RunMessage): Template => {
  let template = templates.get(message);
  if (!template) {
    const body = wrapEmailBody(message.body, message.font);
    template = {
      html: cleanEmailHtml(
        wrapEmailBody(message.body + unsubscribeFooter(LINK_SLOT), message.font),
      ),
      text: htmlToText(cleanEmailHtml(body)),
    };
    templates.set(message, template);
  }
  return template;
};

/** The personalised email for one lead: placeholders filled, body wrapped, unsubscribe added. */
export const composeFor = async (
  run: RunContext,
  lead: RunLead,
  message: RunMessage,
): Promise<EmailToSend> => {
  const target = { organizationId: run.sender.organizationId, email: lead.personEmail };
  const last = message.threaded ? await lastMessageTo(run.db, lead.id) : null;
  const thread = last ? threadUnder(last) : null;
  const url = run.links.url(target);
  const template = templateOf(message);
  return {
    kind: run.kind,
    to: lead.personEmail,
    cc: [],
    bcc: [],
    subject: personalize(message.subject, lead),
    html: '',
    prepared: {
      html: personalize(template.html, lead, 'html').split(LINK_SLOT).join(escapeHtml(url)),
      text: `${personalize(template.text, lead)}\n\nDon't want these emails? Unsubscribe: ${url}`,
    },
    priority: message.priority ?? 'normal',
    leadId: lead.id,
    jobId: run.jobId,
    inReplyTo: thread?.inReplyTo ?? null,
    references: thread?.references ?? [],
    headers: run.links.headers(target),
    logActivity: false,
  };
};
