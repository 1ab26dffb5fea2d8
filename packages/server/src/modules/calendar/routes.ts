import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendeeOptionAnswerSchema,
  attendeeResponseSchema,
  attendeeSearchQuerySchema,
  linkedMeetingsAnswerSchema,
  linkedMeetingsQuerySchema,
  calendarActivityQuerySchema,
  calendarQuerySchema,
  meetingAnswerSchema,
  meetingChangeAnswerSchema,
  meetingConflictAnswerSchema,
  meetingConflictQuerySchema,
  meetingDeleteAnswerSchema,
  meetingSchema,
  scheduleMeetingAnswerSchema,
} from '@leadline/shared/calendar';
import { idParamsSchema } from '@leadline/shared/ids';
import type { Db } from '../../db/connection.ts';
import { createSecretBox } from '../../mail/crypto.ts';
import { userOf } from '../../plugins/guard.ts';
import { findConflicts } from './conflicts.ts';
import { linkedMeetings, searchAttendeeOptions } from './links.ts';
import { setAttendeeResponse } from './responses.ts';
import {
  deleteMeeting,
  getMeeting,
  INVALID_MEETING_ID,
  listMeetings,
  meetingActivity,
  organizationOf,
  resendInvitations,
  scheduleMeeting,
  updateMeeting,
} from './service.ts';

const idParams = idParamsSchema(INVALID_MEETING_ID);
const attendeeParams = idParams.extend({ email: z.string() });
const oneMeeting = { 200: meetingAnswerSchema };
const meetingChange = { 200: meetingChangeAnswerSchema };

/**
 * The meeting calendar: meetings of the caller's organisation, and real
 * invitations from the organiser's SMTP account. `secretKey` decrypts that account's password.
 */
export const calendarRoutes =
  (db: Db, secretKey: string): FastifyPluginAsyncZod =>
  async (app) => {
    const box = createSecretBox(secretKey);
    const tags = ['calendar'];
    const config = { access: 'calendar' as const };

    app.get(
      '/api/calendar',
      {
        config,
        schema: {
          tags,
          querystring: calendarQuerySchema,
          response: { 200: z.array(meetingAnswerSchema) },
        },
      },
      async (request) => listMeetings(db, userOf(request), request.query),
    );
    app.get(
      '/api/calendar/activity',
      { config, schema: { tags, querystring: calendarActivityQuerySchema } },
      async (request) => meetingActivity(db, userOf(request), request.query),
    );
    app.get(
      '/api/calendar/conflicts',
      {
        config,
        schema: {
          tags,
          querystring: meetingConflictQuerySchema,
          response: { 200: z.array(meetingConflictAnswerSchema) },
        },
      },
      async (request) => findConflicts(db, userOf(request), request.query),
    );
    app.get(
      '/api/calendar/attendee-options',
      {
        config,
        schema: {
          tags,
          querystring: attendeeSearchQuerySchema,
          response: { 200: z.array(attendeeOptionAnswerSchema) },
        },
      },
      async (request) => {
        const actor = userOf(request);
        return searchAttendeeOptions(db, actor, organizationOf(actor), request.query.q);
      },
    );
    app.get(
      '/api/calendar/linked',
      {
        config,
        schema: {
          tags,
          querystring: linkedMeetingsQuerySchema,
          response: { 200: linkedMeetingsAnswerSchema },
        },
      },
      async (request) => {
        const actor = userOf(request);
        const { leadId, clientId } = request.query;
        return linkedMeetings(
          db,
          actor,
          organizationOf(actor),
          leadId ? { kind: 'lead', id: leadId } : { kind: 'client', id: clientId! },
        );
      },
    );
    app.get(
      '/api/calendar/:id',
      { config, schema: { tags, params: idParams, response: oneMeeting } },
      async (request) => getMeeting(db, userOf(request), request.params.id),
    );
    app.post(
      '/api/calendar',
      {
        config,
        schema: { tags, body: meetingSchema, response: { 201: scheduleMeetingAnswerSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await scheduleMeeting(db, box, userOf(request), request.body)),
    );
    app.put(
      '/api/calendar/:id',
      { config, schema: { tags, params: idParams, body: meetingSchema, response: meetingChange } },
      async (request) => updateMeeting(db, box, userOf(request), request.params.id, request.body),
    );
    app.post(
      '/api/calendar/:id/resend',
      { config, schema: { tags, params: idParams, response: meetingChange } },
      async (request) => resendInvitations(db, box, userOf(request), request.params.id),
    );
    app.put(
      '/api/calendar/:id/attendees/:email/response',
      {
        config,
        schema: {
          tags,
          params: attendeeParams,
          body: attendeeResponseSchema,
          response: oneMeeting,
        },
      },
      async (request) =>
        setAttendeeResponse(
          db,
          userOf(request),
          request.params.id,
          request.params.email,
          request.body,
        ),
    );
    app.delete(
      '/api/calendar/:id',
      { config, schema: { tags, params: idParams, response: { 200: meetingDeleteAnswerSchema } } },
      async (request) => deleteMeeting(db, box, userOf(request), request.params.id),
    );
  };
