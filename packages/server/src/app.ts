import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { API_KEY_REQUESTS_PER_MINUTE } from '@leadline/shared/api-keys';
import type { Db } from './db/connection.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { TokenService } from './lib/tokens.ts';
import { fastifyTrustProxy } from './lib/trust-proxy.ts';
import type { TrustProxy } from './lib/trust-proxy.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerGuard } from './plugins/guard.ts';
import { registerNoStore } from './plugins/no-store.ts';
import { registerTextInputCheck } from './plugins/text-input.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWeb } from './plugins/web.ts';
import { webBuildReader } from './plugins/web-build.ts';
import { registerReadGate } from './plugins/read-gate.ts';
import type { ReadGateOptions } from './plugins/read-gate.ts';
import { requestForLog } from './lib/logged-url.ts';
import { activityRoutes } from './modules/activity/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { apiKeyLimiter } from './modules/api-keys/limit.ts';
import type { ApiKeyLimit } from './modules/api-keys/limit.ts';
import { apiKeysRoutes } from './modules/api-keys/routes.ts';
import { EVENTS_API_DESCRIPTION } from './modules/events/doc.ts';
import { authenticate, startSession } from './modules/auth/service.ts';
import { deviceOf } from './modules/auth/sessions-service.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { sessionRoutes } from './modules/auth/sessions-routes.ts';
import { ssoRoutes } from './modules/sso/routes.ts';
import { calendarRoutes } from './modules/calendar/routes.ts';
import { campaignsRoutes } from './modules/campaigns/routes.ts';
import type { AuthLimits, SystemMail } from './modules/auth/routes.ts';
import { registerPasswordChangeGate } from './modules/auth/password-gate.ts';
import { registerTwoFactorGate } from './modules/two-factor/gate.ts';
import { twoFactorRoutes } from './modules/two-factor/routes.ts';
import { clientsRoutes } from './modules/clients/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { bulkEmailRoutes } from './modules/bulk/routes.ts';
import { sendingRoutes } from './modules/sending/routes.ts';
import { mailAccountRoutes } from './modules/mail-accounts/routes.ts';
import { mailboxRoutes } from './modules/mailboxes/routes.ts';
import { mailOAuthRoutes } from './modules/mail-oauth/routes.ts';
import { setReconnectNotice } from './modules/mail-oauth/credentials.ts';
import { reconnectNotice } from './modules/mail-oauth/service.ts';
import { resumeRunsAfterReconnect } from './modules/bulk/service.ts';
import { domainCheckRoutes } from './modules/domain-check/routes.ts';
import { unsubscribeRoutes } from './modules/unsubscribe/routes.ts';
import { suppressionRoutes } from './modules/suppression/routes.ts';
import { templatesRoutes } from './modules/templates/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { importRoutes } from './modules/imports/routes.ts';
import { inboxRoutes } from './modules/inbox/routes.ts';
import { conversationRoutes } from './modules/conversations/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { duplicatesRoutes } from './modules/duplicates/routes.ts';
import { savedViewsRoutes } from './modules/saved-views/routes.ts';
import { leadsRoutes } from './modules/leads/routes.ts';
import { customFieldsRoutes } from './modules/custom-fields/routes.ts';
import { interactionsRoutes } from './modules/interactions/routes.ts';
import { organizationsRoutes } from './modules/organizations/routes.ts';
import { tasksRoutes } from './modules/tasks/routes.ts';
import { automationRoutes } from './modules/automation/routes.ts';
import { pipelineRoutes } from './modules/pipeline/routes.ts';
import { stagesRoutes } from './modules/stages/routes.ts';
import { actingUser } from './modules/organizations/service.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { leaderboardRoutes } from './modules/leaderboard/routes.ts';
import { companiesRoutes } from './modules/companies/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { webhooksRoutes } from './modules/webhooks/routes.ts';
import { accountsRoutes } from './modules/auth/accounts-routes.ts';
import { trackRequests } from './db/foreground.ts';
import { trackingRoutes } from './modules/tracking/routes.ts';
import { configureTracking } from './modules/tracking/service.ts';

export type AppDeps = {
  db: Db;
  queue: JobQueue;
  tokens: TokenService;
  /** SECRET_KEY: encrypts the stored mail passwords. */
  secretKey: string;
  logLevel?: string;
  webDist?: string;
  limits?: Partial<AuthLimits>;
  /** Requests per API key (600 a minute by default). */
  apiKeyLimit?: ApiKeyLimit;
  /** Where logs go (tests read them); standard output by default. */
  logStream?: NodeJS.WritableStream;
  /** TRUST_PROXY: whose X-Forwarded-For/-Proto are believed; nobody's by default. */
  trustProxy?: TrustProxy;
  /** PUBLIC_URL: when https, HSTS and upgrade-insecure-requests are sent on every answer. */
  publicUrl?: string;
  /** The operator's mailbox for password-reset links (SYSTEM_SMTP_URL); none: no reset by email. */
  systemMail?: SystemMail;
  /** API reads worked on at once, the rest queued fairly (plugins/read-gate.ts); none: ungated. */
  readGate?: ReadGateOptions;
};

export const BODY_LIMIT = 1024 * 1024;

/** PUBLIC_URL when none is given (config.ts's default for port 3000). */
const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

const DEFAULT_LIMITS: AuthLimits = {
  signin: { max: 5, timeWindow: 15 * 60_000 },
  signup: { max: 20, timeWindow: 60 * 60_000 },
};

const API_DESCRIPTION = [
  'Sign in with `POST /api/auth/signin` and send the token it answers as',
  '`Authorization: Bearer <token>`; `POST /api/auth/signout` ends it.',
  '',
  '**API keys** (for scripts and other tools): create one on your profile page or with',
  '`POST /api/api-keys { name, expiresAt? }` (the key, `ll_…`, is answered that once) and send it',
  'the same way: `Authorization: Bearer ll_…`. A key acts as its owner with their current',
  'permissions; it is refused (401) once revoked, expired, or when its owner is disabled,',
  `deactivated or expired. Each key may make ${API_KEY_REQUESTS_PER_MINUTE} requests a minute (beyond: 429 with`,
  '`Retry-After`). A key cannot create or revoke keys or change the password (403): those need a',
  'signed-in session. `GET /api/api-keys` lists your keys; administrators see the',
  "organisation's with `GET /api/api-keys/organization` and may revoke any of them.",
  'Every answer is JSON `{ message }` on error (4xx names what is wrong).',
  '',
  'A Super Admin names the organisation a call is for in the `X-Organization` header (its name,',
  'percent-encoded when not plain ASCII); with one organisation it may be left out. Anyone else',
  'may only name their own organisation (another answers 403).',
  '',
  EVENTS_API_DESCRIPTION,
].join('\n');

/** The header a Super Admin names the organisation with (documented once, for every route). */
const ORGANIZATION_HEADER = {
  name: 'X-Organization',
  in: 'header',
  required: false,
  description: 'The organisation the call is for (Super Admin); its name, percent-encoded.',
  schema: { type: 'string' as const },
} as const;

export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(deps.trustProxy ?? false),
    logger: {
      level: deps.logLevel ?? 'info',
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      // Requests are logged by method and path only (no query, no token in a path); these
      // paths stay out should a body or header ever be logged.
      serializers: { req: requestForLog },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.pass',
          '*.token',
          '*.currentPassword',
          '*.newPassword',
          '*.temporaryPassword',
          '*.challenge',
          '*.ticket',
          '*.clientSecret',
          '*.otpauthUri',
          '*.recoveryCodes',
        ],
        censor: '[redacted]',
      },
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerNoStore(app);
  trackRequests(app);
  if (deps.readGate) registerReadGate(app, deps.readGate);

  // The build on disk is read per page request (a stat per page; the pages again only when
  // they changed), so a rebuild is served without a restart.
  const currentBuild = webBuildReader(deps.webDist);
  await registerSecurityHeaders(app, {
    publicUrl: deps.publicUrl,
    scriptHashes: () => currentBuild().scriptHashes,
    trustProxy: deps.trustProxy,
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Leadline API', version: '0.1.0', description: API_DESCRIPTION },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A session token from POST /api/auth/signin, or a personal API key (ll_…) from POST /api/api-keys.',
          },
        },
        parameters: { organization: ORGANIZATION_HEADER },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerGuard(app, {
    authenticate: (token) => authenticate(deps.db, deps.tokens, token),
    actingUser: (user, organizationHeader) => actingUser(deps.db, user, organizationHeader),
    limitApiKey: apiKeyLimiter(deps.db, deps.apiKeyLimit),
  });
  registerPasswordChangeGate(app);
  registerTwoFactorGate(app);
  registerTextInputCheck(app);
  const limits = { ...DEFAULT_LIMITS, ...deps.limits };
  await app.register(healthRoutes(deps.db));
  await app.register(authRoutes(deps.db, deps.tokens, limits, deps.systemMail));
  await app.register(
    twoFactorRoutes(
      deps.db,
      (row, request) =>
        startSession(deps.db, deps.tokens, row, deviceOf(request), { details: { twoStep: true } }),
      deps.secretKey,
      {
        limit: limits.twoFactor,
        now: limits.now,
        systemMail: deps.systemMail,
      },
    ),
  );
  await app.register(
    ssoRoutes(deps.db, deps.secretKey, {
      publicUrl: deps.publicUrl ?? DEFAULT_PUBLIC_URL,
      startSession: (row, request) =>
        startSession(deps.db, deps.tokens, row, deviceOf(request), { viaSso: true }),
      limit: limits.sso,
      now: limits.now,
    }),
  );
  await app.register(sessionRoutes(deps.db));
  await app.register(usersRoutes(deps.db, deps.systemMail));
  await app.register(accountsRoutes(deps.db, deps.systemMail));
  await app.register(organizationsRoutes(deps.db));
  await app.register(leadsRoutes(deps.db));
  await app.register(customFieldsRoutes(deps.db));
  await app.register(interactionsRoutes(deps.db));
  await app.register(clientsRoutes(deps.db));
  await app.register(activityRoutes(deps.db));
  await app.register(auditRoutes(deps.db));
  await app.register(dashboardRoutes(deps.db));
  await app.register(calendarRoutes(deps.db, deps.secretKey));
  await app.register(campaignsRoutes(deps.db, deps.queue));
  await app.register(importRoutes(deps.db, deps.queue));
  await app.register(mailAccountRoutes(deps.db, deps.secretKey));
  await app.register(mailboxRoutes(deps.db, deps.secretKey));
  await app.register(
    mailOAuthRoutes(deps.db, deps.secretKey, {
      publicUrl: deps.publicUrl ?? DEFAULT_PUBLIC_URL,
      onConnected: (userId) => resumeRunsAfterReconnect(deps.db, deps.queue, userId),
    }),
  );
  if (deps.systemMail) setReconnectNotice(reconnectNotice(deps.db, deps.systemMail));
  await app.register(domainCheckRoutes(deps.db));
  await app.register(sendingRoutes(deps.db, deps.secretKey));
  await app.register(bulkEmailRoutes(deps.db, deps.queue));
  await app.register(unsubscribeRoutes(deps.db, deps.secretKey));
  // The links in emails point at PUBLIC_URL; without one, the jobs' configuration stands
  // (background.ts is always given it).
  if (deps.publicUrl) configureTracking(deps.secretKey, deps.publicUrl);
  await app.register(trackingRoutes(deps.db, deps.secretKey));
  await app.register(suppressionRoutes(deps.db));
  await app.register(templatesRoutes(deps.db));
  await app.register(inboxRoutes(deps.db, deps.secretKey));
  await app.register(conversationRoutes(deps.db, deps.secretKey));
  await app.register(searchRoutes(deps.db));
  await app.register(duplicatesRoutes(deps.db));
  await app.register(savedViewsRoutes(deps.db));
  await app.register(reportsRoutes(deps.db));
  await app.register(leaderboardRoutes(deps.db));
  await app.register(companiesRoutes(deps.db));
  await app.register(pipelineRoutes(deps.db));
  await app.register(stagesRoutes(deps.db));
  await app.register(tasksRoutes(deps.db));
  await app.register(automationRoutes(deps.db));
  await app.register(apiKeysRoutes(deps.db));
  await app.register(webhooksRoutes(deps.db, deps.secretKey));
  await registerWeb(app, deps.webDist, currentBuild);
  return app;
};
