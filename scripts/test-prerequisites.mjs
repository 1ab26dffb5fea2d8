// What the test suites need from the machine besides npm packages, in one place: the test
// command's set-up (scripts/test-setup.mjs) installs them, and the suites' global set-ups stop
// at once, naming what is missing, instead of letting each test wait for it.
import { accessSync, constants } from 'node:fs';

/** A program the tests run, where it is looked for, and the Debian package that provides it. */
export const PREREQUISITES = [
  {
    name: 'Chromium',
    path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    debianPackage: 'chromium',
    usedBy: 'the browser tests (Playwright)',
  },
  {
    name: 'Dovecot',
    path: process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot',
    debianPackage: 'dovecot-imapd',
    usedBy: 'the IMAP tests (a real mail server on loopback)',
  },
  {
    name: 'SpamAssassin',
    path: process.env.SPAMASSASSIN_PATH ?? '/usr/bin/spamassassin',
    debianPackage: 'spamassassin',
    usedBy: 'the tracking spam-score test (local rules only, no network)',
  },
];

/** Where a prerequisite is looked for (its environment variable, else Debian's path). */
export const pathOf = (name) => PREREQUISITES.find((item) => item.name === name).path;

const isExecutable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The prerequisites that are not installed, optionally only those named. */
export const missingPrerequisites = (names = PREREQUISITES.map((item) => item.name)) =>
  PREREQUISITES.filter((item) => names.includes(item.name) && !isExecutable(item.path));

/** The command that installs these (as root, on Debian or Ubuntu). */
export const installCommand = (missing) =>
  `apt-get install -y ${missing.map((item) => item.debianPackage).join(' ')}`;

/** A message naming what is missing, what needs it and how to install it. */
export const missingMessage = (missing) =>
  [
    `Missing for the tests: ${missing.map((item) => `${item.name} (${item.path}, for ${item.usedBy})`).join('; ')}.`,
    `Install with: sudo ${installCommand(missing)}`,
    'or point CHROMIUM_PATH / DOVECOT_PATH / SPAMASSASSIN_PATH at your own copies.',
  ].join('\n');

/** Throws at once, with the message, when one of the named prerequisites is missing. */
export const requirePrerequisites = (names) => {
  const missing = missingPrerequisites(names);
  if (missing.length > 0) throw new Error(missingMessage(missing));
};
