import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENTS, MAX_ATTACHMENT_BYTES } from './email.ts';
import type { SentEmail } from './email.ts';
import {
  bulkEmailPageStateSchema,
  bulkTypeOf,
  followUpStateOf,
  pickAttachments,
  replySubject,
  sendEmailPageStateSchema,
  wordCount,
} from './email-compose.ts';

const MB = 1024 * 1024;

describe('email screens rules', () => {
  it('accepts all-Pending or all-Sent selections for bulk email, never a mix', () => {
    expect(bulkTypeOf([])).toBeNull();
    expect(bulkTypeOf([{ mailSent: false }, { mailSent: false }])).toBe('initial');
    expect(bulkTypeOf([{ mailSent: true }, { mailSent: true }])).toBe('followup');
    expect(bulkTypeOf([{ mailSent: true }, { mailSent: false }])).toBeNull();
  });

  it("reads /send-email-page's state under either name of each field", () => {
    expect(
      sendEmailPageStateSchema.parse({
        personEmail: 'ada@lead.test',
        personFirstName: 'Ada',
        _id: 'lead-1',
        sentCount: '2',
        mailSentDate: '2025-01-02T03:04:05.000Z',
      }),
    ).toEqual({
      to: 'ada@lead.test',
      firstName: 'Ada',
      leadId: 'lead-1',
      sentCount: 2,
      mailSentDate: '2025-01-02T03:04:05.000Z',
    });
    expect(sendEmailPageStateSchema.parse({ to: 'b@x.test', leadId: 'l', firstName: 'B' })).toEqual(
      { to: 'b@x.test', firstName: 'B', leadId: 'l', sentCount: 0, mailSentDate: null },
    );
    // No address: no lead data; wrong types fall back instead of failing.
    expect(sendEmailPageStateSchema.parse({})).toBeNull();
    expect(sendEmailPageStateSchema.parse({ to: 42, sentCount: -3 })).toBeNull();
    expect(sendEmailPageStateSchema.parse({ to: 'c@x.test', sentCount: 'many' })).toMatchObject({
      sentCount: 0,
      leadId: null,
    });
  });

  it("keeps only well-formed leads from /send-bulk-email's state", () => {
    const state = bulkEmailPageStateSchema.parse({
      leads: [
        { _id: 'a', personEmail: 'a@x.test', personFirstName: 'A', mailSent: false, sentCount: 0 },
        { personEmail: 'no-id@x.test' },
        'nonsense',
      ],
      type: 'initial',
    });
    expect(state.leads.map((lead) => lead._id)).toEqual(['a']);
    expect(state.type).toBe('initial');
    for (const odd of [null, 'text', 42]) {
      expect(bulkEmailPageStateSchema.parse(odd)).toEqual({ leads: [], type: undefined });
    }
    expect(sendEmailPageStateSchema.parse('text')).toBeNull();
    expect(bulkEmailPageStateSchema.parse({ leads: 'x', type: 'other' })).toEqual({
      leads: [],
      type: undefined,
    });
  });

  it('fills a follow-up in from a sent email or a reply, never from a failed one', () => {
    const sent: SentEmail = {
      _id: '1',
      subject: 'Plan',
      to: 'ada@lead.test',
      cc: [],
      messageId: '<m1@mail.test>',
      kind: 'sent',
      via: 'single',
      status: 'sent',
      sentAt: '2025-01-01T00:00:00.000Z',
      sender: { name: 'Rep', email: 'rep@org.test' },
      bodyHtml: null,
    };
    expect(followUpStateOf(sent)).toEqual({
      to: 'ada@lead.test',
      subject: 'Re: Plan',
      inReplyTo: '<m1@mail.test>',
      references: '<m1@mail.test>',
      original: {
        subject: 'Plan',
        from: 'Rep <rep@org.test>',
        to: 'ada@lead.test',
        sentAt: '2025-01-01T00:00:00.000Z',
      },
    });
    const reply: SentEmail = {
      ...sent,
      subject: 'RE: Plan',
      to: 'rep@org.test',
      kind: 'reply',
      via: null,
      status: 'received',
      sender: { name: 'Ada', email: 'ada@lead.test' },
    };
    expect(followUpStateOf({ ...reply, snippet: 'Sounds good' })).toMatchObject({
      to: 'ada@lead.test',
      subject: 'RE: Plan',
      original: { from: 'Ada <ada@lead.test>', excerpt: 'Sounds good' },
    });
    // The HTML it was sent with, for the follow-up screen to show.
    expect(followUpStateOf({ ...sent, bodyHtml: '<p>The plan</p>' })?.original).toMatchObject({
      subject: 'Plan',
      html: '<p>The plan</p>',
    });
    expect(followUpStateOf({ ...sent, status: 'failed' })).toBeNull();
    expect(followUpStateOf({ ...sent, messageId: '' })).toBeNull();
    expect(replySubject('  Re: again ')).toBe('Re: again');
  });

  it('counts words of the text', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('  Dear Ada,  hello   there ')).toBe(4);
  });

  it('attaches the allowed types up to 10 MB each and says why others were left out', () => {
    const file = (name: string, size = 10) => ({ name, size });
    const picked = pickAttachments(
      [file('a.pdf')],
      [
        file('b.DOCX'),
        file('c.exe'),
        file('d.png', MAX_ATTACHMENT_BYTES + 1),
        file('noext'),
        file('a.pdf'),
      ],
    );
    expect(picked.kept.map((f) => f.name)).toEqual(['a.pdf', 'b.DOCX']);
    expect(picked.refused).toEqual([
      { name: 'c.exe', reason: 'is not an allowed file type' },
      { name: 'd.png', reason: 'is larger than 10 MB' },
      { name: 'noext', reason: 'is not an allowed file type' },
    ]);

    const many = Array.from({ length: MAX_ATTACHMENTS + 1 }, (_, i) => file(`f${i}.txt`));
    const capped = pickAttachments([], many);
    expect(capped.kept).toHaveLength(MAX_ATTACHMENTS);
    expect(capped.refused[0]!.reason).toMatch(/would exceed 10 attachments/);

    const big = pickAttachments(
      [],
      [file('1.pdf', 9 * MB), file('2.pdf', 9 * MB), file('3.pdf', 9 * MB)],
    );
    expect(big.kept).toHaveLength(2);
    expect(big.refused[0]!.reason).toMatch(/25 MB/);
  });
});
