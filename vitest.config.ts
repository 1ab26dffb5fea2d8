import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { jsonReporters } from './scripts/test-reports.mjs';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time even on two cores: much of a file's time is waiting (child processes,
    // mail servers, timers) and loading modules, so two halve the suite (PostgreSQL: 780 -> 396 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['packages/server/test/global-setup.ts'],
    // The test mail servers and webhook receivers listen on loopback, which the product
    // refuses by default.
    // DNS_SERVERS: nothing listens there, so no test ever asks real DNS (domain-check tests run their own).
    env: {
      MAIL_ALLOW_PRIVATE_HOSTS: '1',
      WEBHOOK_ALLOW_PRIVATE_HOSTS: '1',
      DNS_SERVERS: '127.0.0.1:9',
    },
    reporters: jsonReporters('unit'),
  },
});
