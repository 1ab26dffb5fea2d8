// Imported first by main.ts: Node's thread pool starts at its first use with the size in the
// environment, so this must run before anything reads a file or checks a password.
import { availableParallelism } from 'node:os';

/**
 * Node runs file reads (the web app's scripts), password hashes and WebCrypto signatures on one
 * pool of 4 threads by default. The password queue keeps one hash per core running; the rest of
 * the pool must stay free for the files and tokens of everyone else, or a burst of sign-ins
 * makes the sign-in page's own script wait behind them. An operator's setting wins.
 */
if (!process.env.UV_THREADPOOL_SIZE) {
  process.env.UV_THREADPOOL_SIZE = String(Math.max(8, availableParallelism() + 6));
}
