import { describe, expect, it } from 'vitest';
import {
  GOOGLE_PASSWORD_REFUSED,
  MICROSOFT_PASSWORD_REFUSED,
} from '@leadline/shared/mail-provider-hints';
import { PrivateAddressError } from '../src/lib/outbound-address.ts';
import {
  PRIVATE_MAIL_HOST,
  classifyMailError,
  explainLoginFailure,
  explainSendFailure,
  redactPassword,
  safeErrorText,
} from '../src/mail/errors.ts';
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
    expect(classifyMailError(new PrivateAddressError('localhost'))).toBe('private');
  });

  it('answers a mail server on a private network with one text, for SMTP and IMAP alike', () => {
    const refused = new PrivateAddressError('127.0.0.1');
    expect(explainLoginFailure(smtp, refused)).toBe(PRIVATE_MAIL_HOST);
    expect(explainLoginFailure(imap, refused)).toBe(PRIVATE_MAIL_HOST);
    expect(explainSendFailure(smtp, refused)).toBe(PRIVATE_MAIL_HOST);
    expect(PRIVATE_MAIL_HOST).toContain('MAIL_ALLOW_PRIVATE_HOSTS=1');
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
    ).toBe("The IMAP server's TLS certificate was not accepted: it is self-signed.");
    expect(
      explainLoginFailure(
        smtp,
        error({
          code: 'ERR_TLS_CERT_ALTNAME_INVALID',
          message: "Hostname/IP does not match certificate's altnames: DNS:db.internal",
        }),
      ),
    ).toBe(
      "The SMTP server's TLS certificate was not accepted: it was issued for another host name.",
    );
  });

  it('never repeats what a server that is not a mail server sent (a database greeting)', () => {
    const mariadb = error({
      code: 'EPROTOCOL',
      command: 'CONN',
      message: 'Invalid greeting. response=[\u0000\u0000\u0000\n5.5.5-10.11.6-MariaDB-0+deb12u1',
    });
    expect(explainLoginFailure(smtp, mariadb)).toBe(
      'The server on mail.example.com:587 did not answer as an SMTP server. Check the SMTP host and port.',
    );
    expect(
      explainLoginFailure(
        imap,
        error({ code: 'ClosedAfterConnectText', message: 'Unexpected close' }),
      ),
    ).toBe(
      'The IMAP server on mail.example.com:993 closed the connection before the login. Check the host, the port and Use SSL/TLS.',
    );
    expect(
      explainLoginFailure(smtp, error({ code: 'ECONNRESET', message: 'read ECONNRESET by redis' })),
    ).toBe(
      'The SMTP server on mail.example.com:587 closed the connection. Check the host, the port and Use SSL/TLS.',
    );
    expect(
      explainLoginFailure(
        smtp,
        error({
          code: 'EENVELOPE',
          command: 'AUTH PLAIN',
          responseCode: 534,
          response:
            '534-5.7.9 Application-specific password required. Learn more at secret.example',
        }),
      ),
    ).toBe(`SMTP login failed. ${GOOGLE_PASSWORD_REFUSED}`);
    // A refused password on a Google or Microsoft host says what they take instead.
    const gmail = { ...imap, host: 'imap.gmail.com' };
    expect(explainLoginFailure(gmail, error({ authenticationFailed: true }))).toBe(
      `IMAP login failed. ${GOOGLE_PASSWORD_REFUSED}`,
    );
    const office = { ...smtp, host: 'smtp.office365.com' };
    const basicOff = error({
      code: 'EAUTH',
      responseCode: 535,
      response: '535 5.7.3 Authentication unsuccessful',
    });
    expect(explainLoginFailure(office, basicOff)).toBe(
      `SMTP login failed. ${MICROSOFT_PASSWORD_REFUSED}`,
    );
    expect(explainSendFailure(office, basicOff)).toBe(
      `The mail server refused the login. ${MICROSOFT_PASSWORD_REFUSED}`,
    );
    // Elsewhere, 5.7.3 outside a login is only a policy refusal.
    expect(
      explainSendFailure(smtp, error({ responseCode: 550, response: '550 5.7.3 not allowed' })),
    ).toBe(
      "The mail server refused the message (550 5.7.3): the server's policy refused it (spam filter, sending limit or permissions).",
    );
    expect(
      explainLoginFailure(
        imap,
        error({ responseStatus: 'NO', serverResponseCode: 'UNAVAILABLE', responseText: 'db down' }),
      ),
    ).toBe(
      'IMAP login failed: the server answered with an error (UNAVAILABLE). Check the settings your mail provider gives, or try again later.',
    );
  });

  it("says why a message was refused by its reply codes, never in the server's own words", () => {
    const refusal = (responseCode: number, response: string) =>
      explainSendFailure(
        { ...smtp, pass: 'hunter2-secret' },
        error({ code: 'EENVELOPE', command: 'RCPT TO', responseCode, response }),
      );
    expect(refusal(550, '550 5.1.1 No such user here')).toBe(
      'The mail server refused the message (550 5.1.1): an address was not accepted (it may not exist).',
    );
    expect(refusal(554, '554 5.7.1 rejected hunter2-secret')).toBe(
      "The mail server refused the message (554 5.7.1): the server's policy refused it (spam filter, sending limit or permissions).",
    );
    expect(refusal(552, '552 Message size exceeds fixed maximum')).toBe(
      'The mail server refused the message (552): the message is too large.',
    );
    expect(refusal(451, '451 4.3.0 Temporary failure')).toBe(
      'The mail server refused the message (451 4.3.0): the server asks to try again later.',
    );
    expect(
      explainSendFailure(smtp, error({ code: 'ECONNECTION', message: 'Connection closed' })),
    ).toBe('The mail server closed the connection before it accepted the message.');
  });

  it('takes the password out of server text as a whole token only', () => {
    expect(redactPassword('AUTH failed for hunter2-secret.', 'hunter2-secret')).toBe(
      'AUTH failed for [redacted].',
    );
    expect(redactPassword('user:s3cret! pass="s3cret!"', 's3cret!')).toBe(
      'user:[redacted] pass="[redacted]"',
    );
    expect(redactPassword('p.a*s+s (p.a*s+s)', 'p.a*s+s')).toBe('[redacted] ([redacted])');
    // Inside a longer word it stays: "secret" in "secrets", "pass" in "passage".
    expect(redactPassword('no secrets here, mysecret', 'secret')).toBe('no secrets here, mysecret');
    expect(redactPassword('a passage', 'pass')).toBe('a passage');
    // A trivial password is not looked for: "p" leaves "response" (and the word "p") alone.
    expect(redactPassword('Invalid response: p', 'p')).toBe('Invalid response: p');
    expect(redactPassword('the abc', 'abc')).toBe('the abc');
    expect(redactPassword('two  spaces', '    ')).toBe('two  spaces');
    expect(redactPassword('wörter wört', 'wört')).toBe('wörter [redacted]');
    expect(safeErrorText(error({ message: 'NO [AUTH] bad hunter2\nsecond line' }), 'hunter2')).toBe(
      'NO [AUTH] bad [redacted]',
    );
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
