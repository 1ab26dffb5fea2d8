// Two-step sign-in: a sign-in with a code (POST /api/auth/signin, then /api/auth/2fa/verify)
// against a sign-in without (POST /api/auth/signin alone), one after another on the built
// server (embedded database). Every code is an app's code (a time step is taken once per user,
// so each user signs in once with a code, one step after their set-up's); recovery codes, which
// also write the activity log, are left to the API tests.
import { postApi, signinToken } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';
import { base32Decode, totpAt } from '@leadline/shared/totp';
import { latencySummary, round, runBenchmark, target } from './support/run.ts';

// Smaller values make a trial run; the recorded figures say which were used.
const USERS = Number(process.env.BENCH_USERS ?? 40);
const PASSWORD = 'bench-password-1';
const ROOT = { email: 'root@bench-2fa.test', password: PASSWORD };
const RATIO = 1.2;

const timed = async (run: () => Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

await runBenchmark('two-factor', 10 * 60_000, async ({ defer, log }) => {
  const server = await startServer({
    env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password },
  });
  defer(() => server.stop());
  const root = await signinToken(server, ROOT.email, ROOT.password);
  const make = async (name: string) => {
    const email = `${name}@bench-2fa.test`;
    await postApi(
      server,
      '/api/auth/signup',
      { name, email, password: PASSWORD, role: 'Sales Rep', organizationName: 'bench-2fa' },
      root,
    );
    return email;
  };

  log(`making ${USERS} users with two-step sign-in and ${USERS} without`);
  const withCodes: { email: string; secret: string }[] = [];
  const plain: string[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const email = await make(`coded-${i}`);
    const token = await signinToken(server, email, PASSWORD);
    const setup = await postApi(server, '/api/auth/2fa/setup', {}, token);
    const secret = new URL(String(setup.otpauthUri)).searchParams.get('secret')!;
    const code = totpAt(base32Decode(secret), Date.now());
    await postApi(server, '/api/auth/2fa/enable', { code }, token);
    withCodes.push({ email, secret });
    plain.push(await make(`plain-${i}`));
  }

  const passwordStep: number[] = [];
  const codeStep: number[] = [];
  const signinWithCode = async (email: string, code: string) => {
    const started = performance.now();
    const first = await postApi(server, '/api/auth/signin', { email, password: PASSWORD });
    if (!first.challenge) throw new Error('no challenge');
    const between = performance.now();
    passwordStep.push(between - started);
    const answer = await postApi(server, '/api/auth/2fa/verify', {
      challenge: first.challenge,
      code,
    });
    codeStep.push(performance.now() - between);
    if (!answer.token) throw new Error('no token');
  };
  const signinPlain = async (email: string) => {
    const answer = await postApi(server, '/api/auth/signin', { email, password: PASSWORD });
    if (!answer.token) throw new Error('no token');
  };

  // Warm-up: one of each.
  await signinPlain(plain[0]!);

  log('measuring, interleaved');
  const coded: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const user = withCodes[i]!;
    // One step ahead of the set-up's (accepted as drift; the set-up's step is used).
    const code = totpAt(base32Decode(user.secret), Date.now() + 30_000);
    bare.push(await timed(() => signinPlain(plain[i]!)));
    coded.push(await timed(() => signinWithCode(user.email, code)));
  }

  const withSummary = latencySummary(coded);
  const withoutSummary = latencySummary(bare);
  const ratioP50 = round(withSummary.p50 / withoutSummary.p50, 2);
  const ratioP95 = round(withSummary.p95 / withoutSummary.p95, 2);
  log(`with code p50 ${withSummary.p50} ms p95 ${withSummary.p95} ms`);
  log(`without p50 ${withoutSummary.p50} ms p95 ${withoutSummary.p95} ms`);
  return {
    figures: {
      users: USERS,
      signinWithCodeMs: withSummary,
      signinWithoutMs: withoutSummary,
      passwordStepMs: latencySummary(passwordStep),
      codeStepMs: latencySummary(codeStep),
      ratio: { p50: ratioP50, p95: ratioP95 },
    },
    targets: [
      target(
        'sign-in with two-step code',
        'p50 ratio to sign-in without',
        `<= ${RATIO}`,
        ratioP50,
        ratioP50 <= RATIO,
      ),
      target(
        'sign-in with two-step code',
        'p95 ratio to sign-in without',
        `<= ${RATIO}`,
        ratioP95,
        ratioP95 <= RATIO,
      ),
    ],
    summary: { p50Ratio: ratioP50, p95Ratio: ratioP95, samples: coded.length },
  };
});
