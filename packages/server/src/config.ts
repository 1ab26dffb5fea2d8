import { isIP } from 'node:net';
import { z } from 'zod';
import { parseTrustProxy } from './lib/trust-proxy.ts';
import type { TrustProxy } from './lib/trust-proxy.ts';

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  SUPERADMIN_EMAIL: z.string().optional(),
  SUPERADMIN_PASSWORD: z.string().optional(),
  DEMO: z.enum(['0', '1', 'true', 'false', '']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// address' })
    .optional(),
  BULK_PAUSE_MS: z.coerce
    .number({ error: 'BULK_PAUSE_MS must be a number of milliseconds' })
    .int('BULK_PAUSE_MS must be a whole number of milliseconds')
    .min(0, 'BULK_PAUSE_MS must be 0 or more')
    .max(3_600_000, 'BULK_PAUSE_MS must be at most 3600000 (one hour)')
    .default(3000),
  REPLY_CHECK_MINUTES: z.coerce
    .number({ error: 'REPLY_CHECK_MINUTES must be a number of minutes' })
    .int('REPLY_CHECK_MINUTES must be a whole number of minutes')
    .min(0, 'REPLY_CHECK_MINUTES must be 0 (off) or more')
    .max(1440, 'REPLY_CHECK_MINUTES must be at most 1440 (one day)')
    .default(5),
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: 'AUDIT_RETENTION_DAYS must be a number of days' })
    .int('AUDIT_RETENTION_DAYS must be a whole number of days')
    .min(1, 'AUDIT_RETENTION_DAYS must be 1 or more')
    .max(36_500, 'AUDIT_RETENTION_DAYS must be at most 36500 (one hundred years)')
    .default(365),
  MAIL_ALLOW_PRIVATE_HOSTS: z
    .enum(['0', '1', ''], {
      error:
        'MAIL_ALLOW_PRIVATE_HOSTS must be 1 (connect to mail servers on private networks) or 0 (refuse them)',
    })
    .optional(),
  WEBHOOK_ALLOW_PRIVATE_HOSTS: z
    .enum(['0', '1', ''], {
      error:
        'WEBHOOK_ALLOW_PRIVATE_HOSTS must be 1 (send webhooks to addresses on private networks) or 0 (refuse them)',
    })
    .optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (!(trust instanceof Error)) return trust;
      ctx.addIssue({ code: 'custom', message: trust.message });
      return z.NEVER;
    }),
  SYSTEM_SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\/[^\s]+$/,
      'SYSTEM_SMTP_URL must be an smtp:// or smtps:// address, e.g. smtp://user:pass@host:587',
    )
    .optional(),
  SYSTEM_MAIL_FROM: z.string().trim().min(3).max(300).optional(),
  DNS_SERVERS: z
    .string()
    .optional()
    .refine((value) => !(parseDnsServers(value) instanceof Error), {
      error: (issue) => (parseDnsServers(issue.input as string) as Error).message,
    }),
});

/**
 * DNS_SERVERS: comma-separated `ip` or `ip:port` (`[ipv6]:port`), the resolvers the domain
 * check asks instead of the system's. Answers the list for Resolver.setServers, or the error.
 */
export const parseDnsServers = (value: string | undefined): string[] | Error => {
  const servers: string[] = [];
  for (const raw of (value ?? '').split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    let host = item;
    let port: string | undefined;
    if (item.startsWith('[')) {
      const end = item.indexOf(']');
      host = item.slice(1, end);
      const rest = item.slice(end + 1);
      if (end < 0 || (rest !== '' && !rest.startsWith(':'))) return dnsServerError(item);
      port = rest === '' ? undefined : rest.slice(1);
    } else if (isIP(item) !== 6 && item.includes(':')) {
      [host, port] = item.split(':', 2) as [string, string];
    }
    if (isIP(host) === 0) return dnsServerError(item);
    if (port !== undefined) {
      const n = Number(port);
      if (!/^\d{1,5}$/.test(port) || n < 1 || n > 65535) return dnsServerError(item);
    }
    servers.push(item);
  }
  return servers;
};

const dnsServerError = (item: string) =>
  new Error(
    `DNS_SERVERS: "${item}" is not an IP address with an optional port (e.g. 1.1.1.1,9.9.9.9:53,[2606:4700::1111]:53)`,
  );

/** The DNS servers of DNS_SERVERS (readConfig checked them at start); [] for the system's. */
export const dnsServersOf = (env: NodeJS.ProcessEnv = process.env): string[] => {
  const servers = parseDnsServers(env.DNS_SERVERS);
  return servers instanceof Error ? [] : servers;
};

/**
 * MAIL_ALLOW_PRIVATE_HOSTS=1 (exactly): mail servers (SMTP, IMAP) on loopback and private
 * addresses may be used; link-local and cloud metadata addresses stay refused. Read from the
 * environment at each connection (readConfig checked its value at start), so that it applies to
 * the routes and the background jobs alike. It does not open webhooks (see below).
 */
export const mailPrivateHostsAllowed = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.MAIL_ALLOW_PRIVATE_HOSTS === '1';

/**
 * WEBHOOK_ALLOW_PRIVATE_HOSTS=1 (exactly): webhooks and Automation rules' webhook actions may POST
 * to loopback and private addresses; link-local and cloud metadata addresses stay refused. A
 * switch of its own, so that allowing a private mail relay does not also let every Admin send
 * requests into the server's network. Read at each POST, like mailPrivateHostsAllowed.
 */
export const webhookPrivateHostsAllowed = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.WEBHOOK_ALLOW_PRIVATE_HOSTS === '1';

export type Config = {
  production: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string | undefined;
  secretKey: string | undefined;
  superAdmin: { email: string; password: string } | undefined;
  demo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string | undefined;
  /** The address of the product as recipients reach it (links in emails), no trailing slash. */
  publicUrl: string;
  /** The pause between two emails of a bulk run. */
  bulkPauseMs: number;
  /** How often inboxes are checked for replies; 0 turns the scheduled check off. */
  replyCheckMinutes: number;
  /** How many days audit entries are kept (a daily job deletes older ones). */
  auditRetentionDays: number;
  /** MAIL_ALLOW_PRIVATE_HOSTS: mail servers on private networks may be used. */
  mailAllowPrivateHosts: boolean;
  /** WEBHOOK_ALLOW_PRIVATE_HOSTS: webhooks may be sent to private networks. */
  webhookAllowPrivateHosts: boolean;
  /** The reverse proxies whose X-Forwarded-For/-Proto are believed; none by default. */
  trustProxy: TrustProxy;
  /** The operator's mailbox for the product's own mail (password-reset links); unset: none. */
  systemMail: { url: string; from: string } | undefined;
};

export const readConfig = (env: NodeJS.ProcessEnv, argv: readonly string[] = []): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && (!e.JWT_SECRET || !e.SECRET_KEY)) {
    throw new Error(
      'Invalid configuration: JWT_SECRET and SECRET_KEY are required when NODE_ENV=production',
    );
  }
  if (Boolean(e.SUPERADMIN_EMAIL) !== Boolean(e.SUPERADMIN_PASSWORD)) {
    throw new Error(
      'Invalid configuration: set both SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD, or neither',
    );
  }
  if (Boolean(e.SYSTEM_SMTP_URL) !== Boolean(e.SYSTEM_MAIL_FROM)) {
    throw new Error(
      'Invalid configuration: set both SYSTEM_SMTP_URL and SYSTEM_MAIL_FROM, or neither',
    );
  }
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    jwtSecret: e.JWT_SECRET,
    secretKey: e.SECRET_KEY,
    superAdmin:
      e.SUPERADMIN_EMAIL && e.SUPERADMIN_PASSWORD
        ? { email: e.SUPERADMIN_EMAIL, password: e.SUPERADMIN_PASSWORD }
        : undefined,
    demo: argv.includes('--demo') || e.DEMO === '1' || e.DEMO === 'true',
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    bulkPauseMs: e.BULK_PAUSE_MS,
    replyCheckMinutes: e.REPLY_CHECK_MINUTES,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    mailAllowPrivateHosts: e.MAIL_ALLOW_PRIVATE_HOSTS === '1',
    webhookAllowPrivateHosts: e.WEBHOOK_ALLOW_PRIVATE_HOSTS === '1',
    trustProxy: e.TRUST_PROXY,
    systemMail:
      e.SYSTEM_SMTP_URL && e.SYSTEM_MAIL_FROM
        ? { url: e.SYSTEM_SMTP_URL, from: e.SYSTEM_MAIL_FROM }
        : undefined,
  };
};
