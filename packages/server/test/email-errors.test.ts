import { describe, expect, it } from 'vitest';
import { classifyMailError, explainLoginFailure, explainSendFailure } from '../src/mail/errors.ts';
import type { MailEndpoint } from '../src/mail/errors.ts';
import { asHtml, htmlToText, newMessageId, senderAddress } from '../src/mail/message.ts';

const smtp: MailEndpoint = { protocol: 'SMTP', host: 'mail.example.com', port: 587, secure: false };
const imap: MailEndpoint = { protocol: 'IMAP', host: 'mail.example.com', port: 993, secure: true };

const error = (fields: Record<string, unknown>) => Object.assign(new Error(), fields);

describe('mail errors as the rep reads them', () => {
  it('classifies what nodemailer and imapflow throw', () => {
    expect(classifyMailError(error({ code: 'EAUTH', responseCode: 535 }))).toBe('auth');
    expect(classifyMailError(error({ authenticationFailed: true }))).toBe('auth');
    expect(classifyMailError(error({ code: 'EDNS', originalCode: 'ENOTFOUND' }))).toBe(
      'no-such-host',
    );
    expect(classifyMailError(error({ code: 'EAI_AGAIN' }))).toBe('no-such-host');
    expect(classifyMailError(error({ code: 'ESOCKET', originalCode: 'ECONNREFUSED' }))).toBe(
      'refused',
    );
    expect(
      classifyMailError(
        error({ code: 'ERR_SSL_WRONG_VERSION_NUMBER', message: 'ssl3_get_record' }),
      ),
    ).toBe('tls-mismatch');
    expect(classifyMailError(error({ code: 'ESOCKET', originalCode: 'CERT_HAS_EXPIRED' }))).toBe(
      'certificate',
    );
    expect(
      classifyMailError(error({ code: 'ETIMEDOUT', message: 'Greeting never received' })),
    ).toBe('timeout');
    expect(classifyMailError(error({ code: 'GREETING_TIMEOUT' }))).toBe('timeout');
    expect(classifyMailError(error({ code: 'ECONNRESET' }))).toBe('unreachable');
    expect(classifyMailError(error({ message: 'something else' }))).toBe('other');
  });

  it('suggests turning TLS on when a plain connection waits for a greeting', () => {
    expect(
      explainLoginFailure(smtp, error({ code: 'ETIMEDOUT', message: 'Greeting never received' })),
    ).toBe(
      'The SMTP server on mail.example.com:587 did not answer within 10 seconds (timeout). If this port expects SSL/TLS (usually 465), turn Use SSL/TLS on.',
    );
    expect(explainLoginFailure(imap, error({ code: 'ETIMEOUT' }))).toBe(
      'The IMAP server on mail.example.com:993 did not answer within 10 seconds (timeout). Check the host and port.',
    );
    expect(
      explainLoginFailure(
        imap,
        error({
          code: 'ESOCKET',
          originalCode: 'DEPTH_ZERO_SELF_SIGNED_CERT',
          message: 'self-signed certificate',
        }),
      ),
    ).toBe("The IMAP server's TLS certificate was not accepted: self-signed certificate.");
  });

  it('never repeats the password, even when a server echoes it', () => {
    const echoed = error({ message: 'AUTH failed for hunter2-secret\nsecond line' });
    const text = explainLoginFailure({ ...smtp, pass: 'hunter2-secret' }, echoed);
    expect(text).toBe('SMTP login failed: AUTH failed for [redacted]');
    expect(
      explainSendFailure(
        { ...smtp, pass: 'hunter2-secret' },
        error({ response: '554 rejected hunter2-secret', code: 'EMESSAGE' }),
      ),
    ).toBe('The mail server refused the message: 554 rejected [redacted]');
  });

  it('composes the sender, Message-ID and text of a message', () => {
    expect(senderAddress('Rep@Example.com', 'me@crm.test')).toBe('rep@example.com');
    expect(senderAddress('apikey', 'me@crm.test')).toBe('me@crm.test');
    expect(newMessageId('rep@example.com', 'smtp.host.test')).toMatch(
      /^<[0-9a-f-]{36}@example\.com>$/,
    );
    expect(asHtml('Hi <Ada>,\n\nLine two\nLine three')).toBe(
      '<p>Hi &lt;Ada&gt;,</p><p>Line two<br>Line three</p>',
    );
    expect(asHtml('<p>Already HTML</p>')).toBe('<p>Already HTML</p>');
    expect(htmlToText('<p>Dear Ada,</p><p>One<br>Two &amp; three</p><ul><li>a</li></ul>')).toBe(
      'Dear Ada,\nOne\nTwo & three\n- a',
    );
  });
});
