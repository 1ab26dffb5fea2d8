import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  organizationSettingsAnswerSchema,
  organizationSettingsSchema,
} from '@leadline/shared/organization';
import type { Db } from '../../db/connection.ts';
import { userOf } from '../../plugins/guard.ts';
import { gettingStarted, organizationsFor } from './service.ts';
import { organizationSettings, updateOrganizationSettings } from './settings.ts';

export const organizationsRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['organizations'];
    const settingsAnswer = { 200: organizationSettingsAnswerSchema };

    app.get(
      '/api/organizations',
      { config: { access: 'user' }, schema: { tags } },
      async (request) => organizationsFor(db, userOf(request)),
    );

    app.get(
      '/api/organizations/getting-started',
      { config: { access: 'dashboard' }, schema: { tags } },
      async (request) => gettingStarted(db, userOf(request)),
    );

    // Read by everyone in the organisation (the web formats deal values in its currency).
    app.get(
      '/api/organizations/settings',
      { config: { access: 'user' }, schema: { tags, response: settingsAnswer } },
      async (request) => organizationSettings(db, userOf(request)),
    );

    // Changed by its Admins only (checked by the service).
    app.put(
      '/api/organizations/settings',
      {
        config: { access: 'user' },
        schema: { tags, body: organizationSettingsSchema, response: settingsAnswer },
      },
      async (request) => updateOrganizationSettings(db, userOf(request), request.body),
    );
  };
