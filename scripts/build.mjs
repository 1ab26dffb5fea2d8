// `npm run build`: the web app and the server, each only when its sources changed since its
// last build (`npm run build -- --force` rebuilds both).
import { buildServer } from './build-server.mjs';
import { buildWeb } from './build-web.mjs';

const force = process.argv.includes('--force');
try {
  buildWeb({ force });
  await buildServer({ force });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
