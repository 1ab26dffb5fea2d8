import { describe, expect, it } from 'vitest';
import {
  dailyLimitMessage,
  emailSendSchema,
  followUpSchema,
  normaliseMessageId,
  plainText,
  smtpSettingsSchema,
} from './email.ts';

describe('email rules', () => {
  it('counts the text of a message the way a reader sees it', () => {
    expect(plainText('<p>Dear&nbsp;Ada,</p><p>Hi &amp; bye</p>')).toBe('Dear Ada, Hi & bye');
    expect(plainText('<p><b>Hel</b>lo</p><script>var x = "long text";</script>')).toBe('Hello');
    expect(plainText('<p></p><p>  </p><br>')).toBe('');
    expect(plainText('a &#x41; &#66; &bogus;')).toBe('a A B &bogus;');
  });

  it('reads cc and bcc as a text or a list, dropping blanks and duplicates', () => {
    const parsed = emailSendSchema.parse({
      to: ' Ada@Lead.Test ',
      subject: ' Hello\r\nthere ',
      body: '<p>Ten chars!</p>',
      cc: 'a@x.test; B@x.test, , a@x.test',
      bcc: ['c@x.test'],
    });
    expect(parsed).toMatchObject({
      to: 'ada@lead.test',
      subject: 'Hello there',
      priority: 'normal',
      cc: ['a@x.test', 'b@x.test'],
      bcc: ['c@x.test'],
    });
    expect(emailSendSchema.parse({ ...parsed, cc: undefined, bcc: '' })).toMatchObject({
      cc: [],
      bcc: [],
    });
  });

  it('normalises message ids and references for a follow-up', () => {
    expect(normaliseMessageId('abc@mail.test')).toBe('<abc@mail.test>');
    expect(normaliseMessageId(' <abc@mail.test> ')).toBe('<abc@mail.test>');
    expect(normaliseMessageId('no id here')).toBeNull();
    const parsed = followUpSchema.parse({
      to: 'ada@lead.test',
      subject: 'Re: Hello',
      message: 'Hi again',
      inReplyTo: 'b@mail.test',
      references: '<a@mail.test> b@mail.test',
    });
    expect(parsed.inReplyTo).toBe('<b@mail.test>');
    expect(parsed.references).toEqual(['<a@mail.test>', '<b@mail.test>']);
  });

  it('takes mail settings as the form sends them', () => {
    const parsed = smtpSettingsSchema.parse({
      host: ' SMTP.Example.com ',
      port: '587',
      secure: 'true',
      user: ' rep@example.com ',
      pass: ' spaced pass ',
      dailyLimit: '-3',
    });
    expect(parsed).toEqual({
      host: 'smtp.example.com',
      port: 587,
      secure: true,
      user: 'rep@example.com',
      pass: ' spaced pass ',
      dailyLimit: 0,
    });
    expect(smtpSettingsSchema.parse({ ...parsed, pass: '', dailyLimit: 'ten' })).toMatchObject({
      pass: undefined,
      dailyLimit: undefined,
    });
  });

  it('always says "daily limit" when the limit is reached', () => {
    expect(dailyLimitMessage(0)).toContain('daily limit');
    expect(dailyLimitMessage(1)).toBe(
      'You have reached your daily limit of 1 email. Try again tomorrow.',
    );
  });
});
