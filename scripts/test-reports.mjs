// Where the suites write their JSON results when TEST_REPORT_DIR is set (CI sums them with
// scripts/test-summary.mjs): one file per suite and database, so `npm test` can run both suites
// with one setting.
import { join } from 'node:path';

export const jsonReporters = (suite) => {
  const dir = process.env.TEST_REPORT_DIR;
  if (!dir) return ['default'];
  const database = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  return ['default', ['json', { outputFile: join(dir, `${suite}-${database}.json`) }]];
};
