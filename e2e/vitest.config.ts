import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { jsonReporters } from '../scripts/test-reports.mjs';

export default defineConfig({
  // The e2e folder, wherever vitest is started from (the root or e2e/).
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['specs/**/*.spec.ts'],
    // The migrated and the demo-seeded starting points every spec's server copies.
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Two spec files at a time (each its own server and browser): most of a spec's time is
    // waiting on the page, the server or the mail servers, not computing.
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // The test mail servers and webhook receivers listen on loopback, which the product refuses
    // by default; the servers the specs start inherit this.
    // DNS_SERVERS: nothing listens there, so no browser test ever asks real DNS.
    env: {
      MAIL_ALLOW_PRIVATE_HOSTS: '1',
      WEBHOOK_ALLOW_PRIVATE_HOSTS: '1',
      DNS_SERVERS: '127.0.0.1:9',
    },
    reporters: jsonReporters('e2e'),
  },
});
