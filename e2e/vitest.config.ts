import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { jsonReporters } from '../scripts/test-reports.mjs';

export default defineConfig({
  // The e2e folder, wherever vitest is started from (the root or e2e/).
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['specs/**/*.spec.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One browser and one server at a time: the machine has two cores.
    fileParallelism: false,
    // The test mail servers listen on loopback, which the product refuses by default; the
    // servers the specs start inherit this.
    env: { MAIL_ALLOW_PRIVATE_HOSTS: '1' },
    reporters: jsonReporters('e2e'),
  },
});
