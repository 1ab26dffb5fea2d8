import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswerSchema } from '@leadline/shared/answers';
import {
  bulkAssignAnswerSchema,
  bulkAssignSchema,
  bulkDeleteAnswerSchema,
  bulkDeleteSchema,
  leadAnswerSchema,
  leadListAnswerSchema,
  leadListQuerySchema,
  leadOwnersAnswerSchema,
  leadSchema,
  leadStatusSchema,
  leadUpdateSchema,
} from '@leadline/shared/leads';
import { activityQuerySchema } from '@leadline/shared/activity';
import { idParamsSchema } from '@leadline/shared/ids';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { bulkAssignLeads } from './assign.ts';
import { exportLeads } from './export.ts';
import { callerWho } from '../audit/record.ts';
import { leadOwnerOptions } from './owners.ts';
import { leadHistory } from './history.ts';
import {
  bulkDeleteLeads,
  changeLeadStatus,
  createLead,
  deleteLead,
  getLead,
  INVALID_LEAD_ID,
  listLeads,
  organizationOf,
  updateLead,
} from './service.ts';

const idParams = idParamsSchema(INVALID_LEAD_ID);
const oneLead = { 200: leadAnswerSchema };

export const leadsRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['leads'];
    const read = { access: 'leadsTable' as const };

    app.get(
      '/api/leads',
      {
        config: read,
        schema: { tags, querystring: leadListQuerySchema, response: { 200: leadListAnswerSchema } },
      },
      async (request) => listLeads(db, userOf(request), request.query),
    );

    app.get(
      '/api/leads/download',
      { config: read, schema: { tags, querystring: leadListQuerySchema } },
      async (request, reply) => {
        const stream = await exportLeads(db, userOf(request), request.query, callerWho(request));
        return reply
          .header(
            'content-type',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          )
          .header('content-disposition', 'attachment; filename="leads.xlsx"')
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );

    app.post(
      '/api/leads',
      {
        config: { access: 'createLead' },
        schema: { tags, body: leadSchema, response: { 201: leadAnswerSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createLead(db, userOf(request), request.body)),
    );

    app.post(
      '/api/leads/bulk-delete',
      {
        config: read,
        schema: { tags, body: bulkDeleteSchema, response: { 200: bulkDeleteAnswerSchema } },
      },
      async (request) => ({
        message: 'Selected leads deleted successfully',
        deletedCount: await bulkDeleteLeads(db, userOf(request), request.body.leadIds),
      }),
    );

    app.post(
      '/api/leads/bulk-assign',
      {
        config: read,
        schema: { tags, body: bulkAssignSchema, response: { 200: bulkAssignAnswerSchema } },
      },
      async (request) =>
        bulkAssignLeads(db, userOf(request), request.body.leadIds, request.body.ownerId),
    );

    // The organisation's users, for the owner select, filter and Assign (not the Teams page).
    app.get(
      '/api/leads/owners',
      { config: read, schema: { tags, response: { 200: leadOwnersAnswerSchema } } },
      async (request) => leadOwnerOptions(db, organizationOf(userOf(request))),
    );

    app.get(
      '/api/leads/:id',
      { config: read, schema: { tags, params: idParams, response: oneLead } },
      async (request) => getLead(db, userOf(request), request.params.id),
    );

    app.put(
      '/api/leads/:id',
      {
        config: read,
        schema: { tags, params: idParams, body: leadUpdateSchema, response: oneLead },
      },
      async (request) => updateLead(db, userOf(request), request.params.id, request.body),
    );

    app.patch(
      '/api/leads/:id/status',
      {
        config: read,
        schema: { tags, params: idParams, body: leadStatusSchema, response: oneLead },
      },
      async (request) =>
        changeLeadStatus(db, userOf(request), request.params.id, request.body.status),
    );

    app.delete(
      '/api/leads/:id',
      {
        config: read,
        schema: { tags, params: idParams, response: { 200: messageAnswerSchema } },
      },
      async (request) => {
        await deleteLead(db, userOf(request), request.params.id);
        return { message: 'Lead deleted successfully' };
      },
    );

    // A lead's own history: whoever may see the lead (the Leads page), not the Activity page.
    app.get(
      '/api/leads/:id/activity',
      {
        config: read,
        schema: {
          tags: ['activity'],
          params: idParams,
          querystring: activityQuerySchema.pick({ limit: true }),
        },
      },
      async (request) => leadHistory(db, userOf(request), request.params.id, request.query),
    );
  };
