import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { pathOf, requirePrerequisites } from '../../../scripts/test-prerequisites.mjs';
import type { TestContext } from './context.ts';
import { openWithSmtp } from './email-bulk-support.ts';
import { bulkPayload, runBulk } from './email-bulk-support.ts';
import { callAs, createLead } from './fixtures.ts';
import type { LeadBody, OrganisationAdmin } from './fixtures.ts';
import type { TestSmtpServer } from './mail-servers.ts';
import { setTracking } from './tracking-support.ts';

/**
 * Issue 27 item 4: the real SpamAssassin (local rules, no network tests) scores a tracked email
 * no more than 0.5 above the same email untracked. Each email is sent through the outbox to
 * the loopback SMTP server, and the raw message as received is scored.
 */
requirePrerequisites(['SpamAssassin']);
const run = promisify(execFile);

let t: TestContext;
let smtp: TestSmtpServer;
let acme: OrganisationAdmin;
let leads = 0;

beforeAll(async () => {
  ({ t, smtp, acme } = await openWithSmtp('smtp-tracking-spam-K7', [
    'acme-tracking-spam',
    'globex-tracking-spam',
  ]));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

type Score = { score: number; tests: string[] };

/** A raw message's headers, unfolded, one a line. */
const headerLines = (text: string): string[] =>
  text
    .split(/\r?\n\r?\n/)[0]!
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/);
const headerOf = (lines: string[], name: string): string =>
  lines.find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`)) ?? '';

/**
 * SpamAssassin's score of each raw message and the rules that fired (X-Spam-Status), all in
 * one run (an mbox): loading the rules takes most of a run's two seconds. The run answers the
 * messages in its own order: each is found again by its Message-ID.
 */
const scoresOf = async (raws: readonly Buffer[]): Promise<Score[]> => {
  const mbox = raws
    .map((raw) => {
      const lines = raw.toString('utf8').split(/\r?\n/);
      const escaped = lines.map((line) => (line.startsWith('From ') ? `>${line}` : line));
      return `From leadline@localhost Sun Nov 29 10:00:00 2026\n${escaped.join('\n')}\n`;
    })
    .join('\n');
  const child = run(pathOf('SpamAssassin'), ['-L', '--mbox'], { maxBuffer: 64 * 1024 * 1024 });
  child.child.stdin!.end(mbox);
  const { stdout } = await child;
  const scored = new Map<string, Score>();
  for (const message of stdout.split(/^From .*\n/m).filter((part) => part.trim())) {
    const lines = headerLines(message);
    const status = headerOf(lines, 'X-Spam-Status');
    scored.set(headerOf(lines, 'Message-ID').slice('Message-ID:'.length).trim(), {
      score: Number(/score=(-?[\d.]+)/.exec(status)![1]),
      tests: (/tests=(.*?) (?:autolearn|version)=/.exec(status)?.[1] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    });
  }
  return raws.map((raw) => {
    const id = headerOf(headerLines(raw.toString('utf8')), 'Message-ID')
      .slice('Message-ID:'.length)
      .trim();
    const score = scored.get(id);
    if (!score) throw new Error(`SpamAssassin did not answer for ${id}`);
    return score;
  });
};

const newLead = (): Promise<LeadBody> =>
  createLead(t, acme.token, { personEmail: `lin-${++leads}@lead.test`, personFirstName: 'Lin' });

const rawTo = (address: string): Buffer =>
  smtp.messages.filter((m) => m.recipients.includes(address)).at(-1)!.raw;

/** The same single email to two leads, the first tracked, the second not. */
const sendPair = async (body: string) => {
  const [tracked, plain] = [await newLead(), await newLead()];
  const send = async (lead: LeadBody, track: boolean) => {
    const response = await callAs(t, acme.token, 'POST', `/api/leads/${lead._id}/send-mail`, {
      subject: 'Next steps for your team',
      body,
      track,
    });
    expect(response.statusCode, response.body).toBe(200);
    return rawTo(lead.personEmail);
  };
  return [await send(tracked, true), await send(plain, false)] as const;
};

const SHORT = '<p>Hi Lin,</p><p>Here is the <a href="https://example.com/deck">deck</a>.</p>';
const LONG =
  '<p>Hi Lin,</p><p>Thanks for the call on Tuesday. As promised, here is a summary of what we discussed and the next steps for your team.</p>' +
  '<ul><li>A pilot with two of your sales reps, starting next month</li><li>Weekly check-ins during the pilot</li><li>A review of the results at the end of the quarter</li></ul>' +
  '<p>The details are in <a href="https://example.com/pilot">the pilot plan</a> and the prices on <a href="https://example.com/pricing">our pricing page</a>. ' +
  'You can also book a time with me <a href="https://calendar.example.com/lin">here</a>.</p><p>Best regards,<br>Sam</p>';

describe('SpamAssassin', () => {
  beforeAll(() => setTracking(t, acme.token, true));

  it('scores a tracked email at most 0.5 above the same email untracked', async () => {
    const pairs = [
      await sendPair(SHORT),
      await sendPair(LONG),
      // An email with an image of its own gets an <img> pixel.
      await sendPair(
        `${SHORT}<p><img src="https://example.com/logo.png" alt="Acme" width="120" height="40"></p>`,
      ),
    ];
    // Bulk too: the unsubscribe footer and List-Unsubscribe, the run's wrapper.
    const [a, b] = [await newLead(), await newLead()];
    await runBulk(t, acme.token, bulkPayload([a._id], { body: LONG, track: true }));
    await runBulk(t, acme.token, bulkPayload([b._id], { body: LONG, track: false }));
    pairs.push([rawTo(a.personEmail), rawTo(b.personEmail)] as const);
    const all = await scoresOf(pairs.flat());
    const scores = pairs.map((_pair, n) => ({ tracked: all[2 * n]!, plain: all[2 * n + 1]! }));
    for (const { tracked, plain } of scores) {
      expect(tracked.score, JSON.stringify({ tracked, plain })).toBeLessThanOrEqual(
        plain.score + 0.5,
      );
    }
    console.log(JSON.stringify(scores));
  }, 120_000);
});
