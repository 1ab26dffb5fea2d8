// Front-end budget: the gzip size of the JavaScript the sign-in page loads, and a Lighthouse
// performance score of /login, against the real product started on loopback.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM, CHROMIUM_ARGS, launchBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const results = join(import.meta.dirname, 'results');

const measureLoginScripts = async (url: string) => {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const scripts: { url: string; bytes: number; gzip: number }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body();
      scripts.push({
        url: new URL(response.url()).pathname,
        bytes: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      });
    });
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
    await page
      .getByRole('button', { name: /sign in|create/i })
      .first()
      .waitFor();
    return scripts;
  } finally {
    await browser.close();
  }
};

type LighthouseResult = { score: number; metrics: Record<string, string> } | null;

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'speed-index',
  'cumulative-layout-shift',
];

const lighthouse = (url: string, preset: 'mobile' | 'desktop'): LighthouseResult => {
  const out = join(tmpdir(), `leadline-lighthouse-${process.pid}.json`);
  try {
    execFileSync(
      'npx',
      [
        '-y',
        LIGHTHOUSE,
        `${url}/login`,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        ...(preset === 'desktop' ? ['--preset=desktop'] : []),
        `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: CHROMIUM },
        stdio: ['ignore', 'ignore', 'inherit'],
        timeout: 300_000,
      },
    );
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const metrics = Object.fromEntries(
      METRICS.map((id) => [id, report.audits[id]?.displayValue ?? '']),
    );
    return { score: Math.round(report.categories.performance.score * 100), metrics };
  } catch (error) {
    console.error(`Lighthouse did not run: ${(error as Error).message}`);
    return null;
  } finally {
    rmSync(out, { force: true });
  }
};

const server = await startServer({
  env: { SUPERADMIN_EMAIL: 'bench@example.com', SUPERADMIN_PASSWORD: 'bench-password' },
});
try {
  const scripts = await measureLoginScripts(server.url);
  const gzipKb = scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024;
  const audit = lighthouse(server.url, 'mobile');
  const desktop = lighthouse(server.url, 'desktop');
  const score = audit?.score ?? null;
  const result = {
    date: new Date().toISOString(),
    loginScripts: scripts,
    loginJsGzipKb: Math.round(gzipKb * 10) / 10,
    lighthousePerformance: score,
    lighthouseMetrics: audit?.metrics ?? null,
    lighthouseDesktop: desktop?.score ?? null,
    lighthouseDesktopMetrics: desktop?.metrics ?? null,
    targets: { loginJsGzipKb: 200, lighthousePerformance: 90 },
  };
  mkdirSync(results, { recursive: true });
  writeFileSync(join(results, 'frontend-budget.json'), JSON.stringify(result, null, 2) + '\n');
  console.log(
    `/login loads ${scripts.length} scripts, ${result.loginJsGzipKb} KB gzip (target at most 200)`,
  );
  console.log(
    `Lighthouse performance of /login (mobile, the default): ${score ?? 'not measured'} (target at least 90)`,
  );
  console.log(
    `Lighthouse performance of /login (desktop preset): ${desktop?.score ?? 'not measured'}`,
  );
  if (audit)
    console.log(
      Object.entries(audit.metrics)
        .map(([id, value]) => `  ${id}: ${value}`)
        .join('\n'),
    );
} finally {
  await server.stop();
}
