// `npm start`: builds the web app only when its sources changed (or it was never built), then
// runs the compiled server (scripts/server-entry.mjs main) with the arguments given, e.g. --demo.
import { buildWeb } from './build-web.mjs';
import { runFromCommandLine } from './server-entry.mjs';

try {
  buildWeb();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await runFromCommandLine('main', process.argv.slice(2));
