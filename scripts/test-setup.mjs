// The first step of `npm test`: makes sure Chromium, Dovecot and SpamAssassin are there. Missing ones are
// installed with apt-get when this runs as root on a Debian-like system; otherwise it stops
// within a second, naming what is missing and the command that installs it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installCommand, missingMessage, missingPrerequisites } from './test-prerequisites.mjs';

const missing = missingPrerequisites();
if (missing.length === 0) process.exit(0);

const root = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!root || !hasApt || process.env.LEADLINE_NO_INSTALL === '1') {
  console.error(missingMessage(missing));
  process.exit(1);
}

const names = missing.map((item) => item.name).join(' and ');
console.log(`Installing ${names} for the tests: ${installCommand(missing)}`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
// apt-get's chatter goes to a log that is shown only when something fails.
const logPath = join(mkdtempSync(join(tmpdir(), 'leadline-test-setup-')), 'apt-get.log');
const log = openSync(logPath, 'a');
const run = (args) => spawnSync('apt-get', args, { stdio: ['ignore', log, log], env }).status === 0;
const install = () => run(['install', '-y', '-qq', ...missing.map((item) => item.debianPackage)]);
// A fresh machine has no package lists yet; an up-to-date one installs without the update.
const installed = install() || (run(['update', '-qq']) && install());
const still = missingPrerequisites();
if (!installed || still.length > 0) {
  const tail = readFileSync(logPath, 'utf8').split('\n').slice(-20).join('\n');
  console.error(
    `${tail}\napt-get could not install everything (log: ${logPath}).\n${missingMessage(still.length > 0 ? still : missing)}`,
  );
  process.exit(1);
}
console.log(`${names} installed.`);
