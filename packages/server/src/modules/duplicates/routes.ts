import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswerSchema } from '@leadline/shared/answers';
import {
  duplicateCheckAnswerSchema,
  duplicateCheckSchema,
  duplicatePairsAnswerSchema,
  duplicatesQuerySchema,
  keepSeparateSchema,
  mergeAnswerSchema,
  mergeExactAnswerSchema,
  mergeListAnswerSchema,
  mergeParamsSchema,
  mergeSchema,
  undoAnswerSchema,
} from '@leadline/shared/duplicates';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { mergeLeads } from './merge.ts';
import {
  checkDuplicates,
  keepSeparate,
  listDuplicates,
  mergeSameEmail,
  recentMerges,
} from './service.ts';
import { undoMerge } from './undo.ts';

export const duplicatesRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['duplicates'];
    // Whoever sees the leads sees their duplicates; a merge also needs the right to change both
    // leads (Lead Management, or owning them), checked by the merge itself.
    const leadsPage = { access: 'leadsTable' as const };

    app.get(
      '/api/duplicates',
      {
        config: leadsPage,
        schema: {
          tags,
          querystring: duplicatesQuerySchema,
          response: { 200: duplicatePairsAnswerSchema },
        },
      },
      async (request) => listDuplicates(db, userOf(request)),
    );

    // The create form's warning: whoever may create a lead.
    app.get(
      '/api/duplicates/check',
      {
        config: { access: 'createLead' },
        schema: {
          tags,
          querystring: duplicateCheckSchema,
          response: { 200: duplicateCheckAnswerSchema },
        },
      },
      async (request) => checkDuplicates(db, userOf(request), request.query),
    );

    app.post(
      '/api/duplicates/keep-separate',
      {
        config: leadsPage,
        schema: { tags, body: keepSeparateSchema, response: { 200: messageAnswerSchema } },
      },
      async (request) => {
        await keepSeparate(db, userOf(request), request.body);
        return { message: 'The two leads are kept separate' };
      },
    );

    app.post(
      '/api/duplicates/merge-same-email',
      { config: leadsPage, schema: { tags, response: { 200: mergeExactAnswerSchema } } },
      async (request) => mergeSameEmail(db, userOf(request)),
    );

    app.get(
      '/api/duplicates/merges',
      { config: leadsPage, schema: { tags, response: { 200: mergeListAnswerSchema } } },
      async (request) => recentMerges(db, userOf(request)),
    );

    app.post(
      '/api/leads/merge',
      {
        config: leadsPage,
        schema: { tags, body: mergeSchema, response: { 200: mergeAnswerSchema } },
      },
      async (request) => mergeLeads(db, userOf(request), request.body),
    );

    app.post(
      '/api/leads/merge/:mergeId/undo',
      {
        config: leadsPage,
        schema: { tags, params: mergeParamsSchema, response: { 200: undoAnswerSchema } },
      },
      async (request) => undoMerge(db, userOf(request), request.params.mergeId),
    );
  };
