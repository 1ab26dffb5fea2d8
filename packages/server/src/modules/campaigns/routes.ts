import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAMPAIGN_MESSAGES,
  audienceSchema,
  campaignActionAnswerSchema,
  campaignAnswerSchema,
  campaignDetailAnswerSchema,
  campaignDraftSchema,
  campaignListAnswerSchema,
  campaignSchema,
  campaignStatusSchema,
  campaignTaskSchema,
  campaignUpdateSchema,
  leadOptionAnswerSchema,
  leadOptionsQuerySchema,
  recipientsAnswerSchema,
  recipientsQuerySchema,
} from '@leadline/shared/campaigns';
import { INVALID_MAILBOX_ID } from '@leadline/shared/email';
import { messageAnswerSchema } from '@leadline/shared/answers';
import { idParamsSchema, uuidSchema } from '@leadline/shared/ids';
import type { Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { userOf } from '../../plugins/guard.ts';
import { DEFAULT_ENGINE_OPTIONS } from './engine/engine-options.ts';
import { INVALID_LEAD_ID } from '../leads/service.ts';
import { listRecipients } from './recipients-service.ts';
import { sendCampaign, setCampaignStatus, setTask } from './send-service.ts';
import { resumeCampaignMailbox } from './mailbox-service.ts';
import {
  audiencePreview,
  createCampaign,
  deleteCampaign,
  getCampaign,
  leadOptions,
  listCampaigns,
} from './service.ts';
import { INVALID_CAMPAIGN_ID } from './store/scope.ts';
import { campaignDomainWarning } from './domain-warning.ts';
import { updateCampaign } from './update-service.ts';
import { campaignTrackingOf } from './tracking.ts';

const idParams = idParamsSchema(INVALID_CAMPAIGN_ID);
const taskParams = idParams.extend({ leadId: uuidSchema(INVALID_LEAD_ID) });
const mailboxParams = idParams.extend({ mailboxId: uuidSchema(INVALID_MAILBOX_ID) });
const action = { 200: campaignActionAnswerSchema };

/** Campaigns; every route needs the campaigns permission. */
export const campaignsRoutes =
  (db: Db, queue: Pick<JobQueue, 'send'>): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['campaigns'];
    const config = { access: 'campaigns' as const };
    const lease = DEFAULT_ENGINE_OPTIONS.leaseSeconds;

    app.get(
      '/api/campaigns',
      { config, schema: { tags, response: { 200: campaignListAnswerSchema } } },
      async (request) => listCampaigns(db, userOf(request)),
    );

    app.get(
      '/api/campaigns/:id/domain-warning',
      { config, schema: { tags, params: idParams } },
      async (request) => campaignDomainWarning(db, userOf(request), request.params.id),
    );

    app.get(
      '/api/campaigns/:id/tracking',
      { config, schema: { tags, params: idParams } },
      async (request) => campaignTrackingOf(db, userOf(request), request.params.id),
    );

    app.post(
      '/api/campaigns',
      { config, schema: { tags, body: campaignSchema, response: { 201: campaignAnswerSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createCampaign(db, userOf(request), request.body)),
    );

    app.post(
      '/api/campaigns/drafts',
      {
        config,
        schema: { tags, body: campaignDraftSchema, response: { 201: campaignAnswerSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createCampaign(db, userOf(request), request.body)),
    );

    app.get(
      '/api/campaigns/lead-options',
      {
        config,
        schema: {
          tags,
          querystring: leadOptionsQuerySchema,
          response: { 200: z.array(leadOptionAnswerSchema) },
        },
      },
      async (request) => leadOptions(db, userOf(request), request.query),
    );

    app.post(
      '/api/campaigns/audience',
      {
        config,
        schema: { tags, body: audienceSchema, response: { 200: z.object({ count: z.number() }) } },
      },
      async (request) => audiencePreview(db, userOf(request), request.body),
    );

    app.get(
      '/api/campaigns/:id',
      { config, schema: { tags, params: idParams, response: { 200: campaignDetailAnswerSchema } } },
      async (request) => getCampaign(db, userOf(request), request.params.id, lease),
    );

    app.put(
      '/api/campaigns/:id',
      {
        config,
        schema: {
          tags,
          params: idParams,
          body: campaignUpdateSchema,
          response: { 200: campaignAnswerSchema },
        },
      },
      async (request) =>
        updateCampaign(db, queue, userOf(request), request.params.id, request.body),
    );

    app.put(
      '/api/campaigns/:id/draft',
      {
        config,
        schema: {
          tags,
          params: idParams,
          body: campaignDraftSchema,
          response: { 200: campaignAnswerSchema },
        },
      },
      async (request) =>
        updateCampaign(db, queue, userOf(request), request.params.id, request.body, {
          draft: true,
        }),
    );

    app.delete(
      '/api/campaigns/:id',
      { config, schema: { tags, params: idParams, response: { 200: messageAnswerSchema } } },
      async (request) => {
        await deleteCampaign(db, userOf(request), request.params.id);
        return { message: CAMPAIGN_MESSAGES.deleted };
      },
    );

    app.post(
      '/api/campaigns/:id/send',
      { config, schema: { tags, params: idParams, response: action } },
      async (request) => sendCampaign(db, queue, userOf(request), request.params.id),
    );

    app.patch(
      '/api/campaigns/:id/status',
      { config, schema: { tags, params: idParams, body: campaignStatusSchema, response: action } },
      async (request) =>
        setCampaignStatus(db, queue, userOf(request), request.params.id, request.body),
    );

    app.post(
      '/api/campaigns/:id/mailboxes/:mailboxId/resume',
      { config, schema: { tags, params: mailboxParams, response: action } },
      async (request) =>
        resumeCampaignMailbox(
          db,
          queue,
          userOf(request),
          request.params.id,
          request.params.mailboxId,
        ),
    );

    app.get(
      '/api/campaigns/:id/recipients',
      {
        config,
        schema: {
          tags,
          params: idParams,
          querystring: recipientsQuerySchema,
          response: { 200: recipientsAnswerSchema },
        },
      },
      async (request) => listRecipients(db, userOf(request), request.params.id, request.query),
    );

    app.patch(
      '/api/campaigns/:id/tasks/:leadId',
      { config, schema: { tags, params: taskParams, body: campaignTaskSchema, response: action } },
      async (request) =>
        setTask(db, userOf(request), request.params.id, request.params.leadId, request.body),
    );
  };
