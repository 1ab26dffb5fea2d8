// Bulk email over an OAuth (XOAUTH2) mailbox against the same run over a password mailbox, on
// the same kind of local SMTP server: a run of BENCH_EMAILS leads each, the two taking turns.
// The access token is cached and refreshed one at a time, so an OAuth run should cost no more
// than the password run. Target: the XOAUTH2 run at least 0.9x the password run's rate
// (median of the rounds), and token requests to the provider counted, not one per email.
import { startOAuthProvider } from '../e2e/support/oauth-provider.ts';
import type { RunningServer } from '../e2e/support/server.ts';
import { insertLeads, median, runJob } from './support/bulk-run.ts';
import { createBenchDatabase, postgresFacts } from './support/postgres.ts';
import { api, createAdmin, startProduct } from './support/product.ts';
import { round, runBenchmark, target } from './support/run.ts';
import { listenSmtpSink } from './support/smtp-sink.ts';

const EMAILS = Number(process.env.BENCH_EMAILS ?? 1000);
const ROUNDS = 5;
const TARGET_RATIO = 0.9;
const MAILBOX = 'bench@oauth.bench';
const SMTP_PASS = 'bench-smtp-password';

/** Connect (the browser's way): start, the provider's authorization URL, the callback. */
const connect = async (server: RunningServer, token: string) => {
  const start = await fetch(`${server.url}/api/email/oauth/start`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'custom' }),
  });
  if (!start.ok) throw new Error(`oauth start: ${start.status} ${await start.text()}`);
  const { url } = (await start.json()) as { url: string };
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0]!;
  const authorize = await fetch(url, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location')!);
  const callback = await fetch(`${server.url}${back.pathname}${back.search}`, {
    headers: { cookie },
    redirect: 'manual',
  });
  const location = callback.headers.get('location') ?? '';
  if (!location.includes('oauth=connected')) throw new Error(`oauth callback: ${location}`);
};

await runBenchmark('xoauth2-bulk', 20 * 60_000, async ({ defer, log }) => {
  const provider = await startOAuthProvider(MAILBOX);
  defer(provider.stop);
  let tokenRequests = 0;
  // Every token the provider hands out (code exchange or refresh) is counted.
  const countTokens = () => (tokenRequests += 1);
  provider.onToken = countTokens;
  const sink = await listenSmtpSink({ user: MAILBOX, pass: SMTP_PASS }, () => undefined);
  defer(sink.stop);
  const database = await createBenchDatabase('xoauth2_bulk');
  defer(database.drop);
  process.env.BULK_PAUSE_MS = '0';
  process.env.REPLY_CHECK_MINUTES = '0';
  const server = await startProduct(database.url, { env: provider.env, ownPublicUrl: true });
  defer(server.stop);
  const passwordRep = await createAdmin(server, 'bench-password');
  const oauthRep = await createAdmin(server, 'bench-oauth');
  await api(server, '/api/email/config', {
    method: 'POST',
    token: passwordRep.token,
    body: { smtp: { host: '127.0.0.1', port: sink.port, user: MAILBOX, pass: SMTP_PASS } },
  });
  await connect(server, oauthRep.token);
  const afterConnect = tokenRequests;

  const leads = (rep: typeof passwordRep, prefix: string, n: number) =>
    insertLeads(database.url, rep.organization, prefix, n);
  // Warm-up for both (JIT, first connections, first statements).
  await runJob(server, passwordRep.token, await leads(passwordRep, 'warm', 200));
  await runJob(server, oauthRep.token, await leads(oauthRep, 'warm', 200));

  const rounds = [];
  for (let turn = 1; turn <= ROUNDS; turn += 1) {
    const runPassword = async () =>
      runJob(server, passwordRep.token, await leads(passwordRep, `r${turn}`, EMAILS));
    const runOAuth = async () =>
      runJob(server, oauthRep.token, await leads(oauthRep, `r${turn}`, EMAILS));
    // Which goes first alternates, so that neither always runs on a warmer (or busier) machine.
    const first = turn % 2 === 1 ? await runPassword() : await runOAuth();
    const second = turn % 2 === 1 ? await runOAuth() : await runPassword();
    const [password, oauth] = turn % 2 === 1 ? [first, second] : [second, first];
    const ratio = password.seconds / oauth.seconds;
    log(
      `round ${turn}: password ${round(EMAILS / password.seconds)} emails/s, XOAUTH2 ${round(EMAILS / oauth.seconds)} emails/s (${round(ratio, 2)})`,
    );
    rounds.push({
      passwordEmailsPerSecond: round(EMAILS / password.seconds),
      xoauth2EmailsPerSecond: round(EMAILS / oauth.seconds),
      ratio: round(ratio, 3),
    });
  }
  const ratio = median(rounds.map((r) => r.ratio));
  const tokenRequestsDuringRuns = tokenRequests - afterConnect;
  return {
    machine: await postgresFacts(),
    figures: {
      emails: EMAILS,
      rounds: ROUNDS,
      method: {
        runs: 'POST /api/email/bulk (type initial, pause 0) until GET /api/email/bulk/:id (polled every 100 ms) answers completed, after a warm-up run of 200 leads each; the password run and the XOAUTH2 run take turns (which goes first alternates), fresh leads each round',
        mailboxes:
          'two users: one with a password SMTP mailbox, one connected through the custom OpenID provider (oauth2-mock-server on loopback, the real authorization code + PKCE flow); both SMTP servers are smtp-server on loopback in this process (XOAUTH2 for one, PLAIN for the other), dropping message bodies',
        database: 'PostgreSQL on 127.0.0.1, a database of its own',
      },
      ratio,
      passwordEmailsPerSecond: median(rounds.map((r) => r.passwordEmailsPerSecond)),
      xoauth2EmailsPerSecond: median(rounds.map((r) => r.xoauth2EmailsPerSecond)),
      tokenRequestsDuringRuns,
      xoauth2Logins: provider.logins.length,
      perRound: rounds,
    },
    targets: [
      target(
        'XOAUTH2 bulk throughput',
        'XOAUTH2 run emails/s ÷ password run emails/s, start to completed (median of rounds)',
        `>= ${TARGET_RATIO}`,
        ratio,
        ratio >= TARGET_RATIO,
      ),
      target(
        'token requests',
        'token requests to the provider during the measured runs (cached: not one per email)',
        `< ${ROUNDS}`,
        tokenRequestsDuringRuns,
        tokenRequestsDuringRuns < ROUNDS,
      ),
    ],
  };
});
