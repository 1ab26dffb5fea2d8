import { bounceKind } from './bounce-kind.ts';
import type { BounceKind } from './bounce-kind.ts';
import { SYSTEM_SENDER, failedAddressesIn, noticeOf, serverReplyIn } from './bounce-text.ts';
import { deliveryStatusText, isDeliveryReport, recipientReports } from './delivery-status.ts';
import type { RecipientReport } from './delivery-status.ts';
import { headerText, rawHeader, recipientsOf, sendersOf } from './message.ts';
import type { MailInput } from './message.ts';
import { originalMessageIds } from './original-message.ts';

export type Bounce = {
  kind: BounceKind;
  /** The addresses that failed, lower case. */
  recipients: string[];
  /** The enhanced status code, such as 5.1.1. */
  status: string | null;
  /** The receiving server's words, at most 300 characters. */
  diagnostic: string | null;
  /**
   * The Message-IDs (with their angle brackets) the bounce names for the email that bounced,
   * the likeliest first: what the bounce claims, to be checked against the emails sent.
   */
  originalMessageIds: string[];
};

export const BOUNCE_SUBJECT =
  /^\s*(?:undeliverable|undelivered mail|delivery status notification|mail delivery failed|returned mail|failure notice|delivery failure|delivery has failed|message not delivered|delayed mail|warning: message .* delayed|unzustellbar|nicht zustellbar|non remis|no se puede entregar)/i;
const SYSTEM_NAME = /^mail delivery (?:sub)?system$/i;

/**
 * Whether a mail system sent the message: a mailer-daemon or postmaster address or name, or a
 * bounce subject with the empty envelope sender (Return-Path: <>) mail systems use. A person
 * quoting a bounce has neither.
 */
const fromMailSystem = (message: MailInput): boolean =>
  sendersOf(message).some(
    ({ address, name }) => SYSTEM_SENDER.test(address.split('@')[0]!) || SYSTEM_NAME.test(name),
  ) ||
  (/^\s*<\s*>\s*$/.test(rawHeader(message, 'return-path') ?? '') &&
    BOUNCE_SUBJECT.test(message.subject ?? ''));

/** A bounce from the report's recipient blocks; null when every recipient was delivered. */
const fromReport = (message: MailInput, reports: RecipientReport[]): Bounce | null => {
  const failed = reports.filter(
    (r) => r.action === 'failed' || (!r.action && r.status?.[0] === '5'),
  );
  const delayed = reports.filter(
    (r) => r.action === 'delayed' || (!r.action && r.status?.[0] === '4'),
  );
  const chosen = failed.length ? failed : delayed;
  if (!chosen.length) return null;
  const kinds = chosen.map((report) =>
    failed.length ? bounceKind(report.status, report.diagnostic ?? '', 'hard') : 'soft',
  );
  const first = chosen[0]!;
  return {
    kind: kinds.includes('hard') ? 'hard' : 'soft',
    recipients: [...new Set(chosen.map((report) => report.recipient))],
    status: first.status,
    diagnostic: first.diagnostic,
    originalMessageIds: originalMessageIds(message),
  };
};

/** A bounce from a mail system's notice in words (no report); null if it shows no failure. */
const fromNotice = (message: MailInput): Bounce | null => {
  const subject = message.subject ?? '';
  const notice = noticeOf(message.text ?? '');
  const reply = serverReplyIn(notice);
  if (!reply.code && !BOUNCE_SUBJECT.test(subject)) return null;
  const listed = headerText(message, 'x-failed-recipients')?.split(',') ?? [];
  const own = [...sendersOf(message).map((sender) => sender.address), ...recipientsOf(message)];
  const recipients = listed.length
    ? listed.map((address) => address.trim().toLowerCase()).filter(Boolean)
    : failedAddressesIn(notice, own);
  return {
    kind: bounceKind(reply.code, `${subject}\n${notice}`, 'hard'),
    recipients,
    status: reply.status,
    diagnostic: reply.diagnostic,
    originalMessageIds: originalMessageIds(message),
  };
};

/**
 * Reads a delivery report or a mail system's bounce notice (Gmail, Exchange, Postfix, Exim,
 * qmail); null for anything else, so a bounce is never taken for a reply and a reply never for
 * a bounce. A report's recipient blocks win over the notice's words.
 */
export const readBounce = (message: MailInput): Bounce | null => {
  const report = isDeliveryReport(message);
  if (!report && !fromMailSystem(message)) return null;
  const reports = recipientReports(deliveryStatusText(message));
  if (reports.length) return fromReport(message, reports);
  return fromNotice(message);
};
