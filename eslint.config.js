import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';
import { leadlinePlugin } from './scripts/eslint/server-doors.js';

/**
 * The files of each server module that other modules may import (its doors). A module not
 * listed opens only its service.ts and present.ts. Repos, routes and jobs are never doors.
 */
const serverDoors = {
  activity: ['log.ts', 'present.ts'],
  audit: ['record.ts'],
  auth: ['service.ts', 'credentials.ts'],
  'two-factor': ['challenge.ts', 'gate.ts'],
  calendar: ['replies.ts', 'summary.ts'],
  campaigns: ['join.ts', 'service.ts', 'summary.ts'],
  deliverability: ['events.ts', 'incoming.ts', 'rate.ts', 'record.ts'],
  events: ['context.ts', 'dispatch.ts', 'doc.ts', 'jobs.ts', 'record.ts'],
  'api-keys': ['authenticate.ts', 'owner.ts'],
  imports: ['rows-source.ts', 'xlsx.ts', 'zip.ts'],
  leads: [
    'access.ts',
    'changes.ts',
    'client-link.ts',
    'events.ts',
    'mail-state.ts',
    'owners.ts',
    'present.ts',
    'query.ts',
    'service.ts',
    'stage.ts',
    'xlsx-stream.ts',
    'zip-stream.ts',
  ],
  'custom-fields': ['values.ts'],
  'email-events': ['present.ts', 'record.ts'],
  'mail-accounts': ['present.ts', 'saving.ts', 'stored.ts'],
  'mail-oauth': ['credentials.ts', 'http.ts', 'pkce.ts', 'service.ts'],
  organizations: ['service.ts'],
  replies: ['history.ts', 'present.ts', 'service.ts', 'threading.ts'],
  sending: ['email.ts', 'limits.ts', 'outbox.ts', 'records.ts', 'reply.ts'],
  'system-mail': ['mailer.ts', 'messages.ts'],
  suppression: ['check.ts', 'service.ts', 'present.ts'],
  tasks: ['campaign-tasks.ts', 'service.ts'],
  unsubscribe: ['links.ts'],
  users: ['present.ts', 'service.ts', 'store.ts', 'deletion.ts'],
  stages: ['lookup.ts', 'moves.ts', 'service.ts'],
  webhooks: ['creator.ts', 'post.ts'],
  'rate-limits': ['counter.ts'],
  sso: ['policy.ts'],
};

// Every folder under packages/web/src/features is a feature, so a new one is fenced in at once.
const webFeatures = readdirSync(new URL('./packages/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist.next/**',
      'data/**',
      '.tmp/**',
      'packages/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // shared -> features -> app: a feature never imports another feature or the app layer.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./packages/web/src/features/${feature}`,
              from: './packages/web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; compose them in app/.',
            })),
            {
              target: './packages/web/src/features',
              from: './packages/web/src/app',
              message: 'Features do not import the app layer.',
            },
            {
              target: ['./packages/web/src/components', './packages/web/src/lib'],
              from: ['./packages/web/src/features', './packages/web/src/app'],
              message: 'Shared UI and lib code do not import features or the app layer.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server: no import circles between files, and modules meet only at their doors.
    files: ['packages/server/src/**/*.ts'],
    plugins: { 'import-x': importX, leadline: leadlinePlugin },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'leadline/server-doors': ['error', { doors: serverDoors }],
    },
  },
  {
    // No regular expression whose running time can grow faster than its input: much of what
    // the code reads is written by strangers (mail, uploads), and one slow match blocks every
    // request of every organisation.
    files: ['packages/*/src/**/*.{ts,tsx}'],
    plugins: { regexp },
    rules: { 'regexp/no-super-linear-backtracking': 'error' },
  },
  {
    // The readers of strangers' mail also never search with a pattern that re-reads the rest
    // of the text from every start (`[^>]*>` through a text of unclosed `<`).
    files: [
      'packages/server/src/modules/deliverability/**/*.ts',
      'packages/server/src/modules/replies/**/*.ts',
      'packages/server/src/modules/inbox/**/*.ts',
      'packages/server/src/modules/imports/**/*.ts',
      'packages/server/src/mail/message.ts',
      'packages/server/src/mail/sanitize.ts',
      'packages/shared/src/merge-fields*.ts',
    ],
    plugins: { regexp },
    rules: { 'regexp/no-super-linear-move': 'error' },
  },
  {
    files: ['packages/shared/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/shared',
              from: ['./packages/server', './packages/web'],
              message: 'The shared package stands alone.',
            },
          ],
        },
      ],
    },
  },
);
