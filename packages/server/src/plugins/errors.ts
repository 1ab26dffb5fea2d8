import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { IdIssueParams } from '@leadline/shared/ids';
import { HttpError } from '../lib/errors.ts';

type Body = { message: string; errors?: Record<string, string>; code?: string };

const fieldErrors = (issues: { path: string; message: string }[]): Body => {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path || '_'] ??= issue.message;
  const first = issues[0];
  const message =
    first && !first.path && /expected object/i.test(first.message)
      ? 'The request body must be a JSON object'
      : (first?.message ?? 'Invalid input');
  return { message, errors };
};

/**
 * The status of a path id refused by `uuidSchema` (its refinement's params), if the first
 * problem is one: such an id is answered `{ message }` alone, as the services answered it.
 */
const idRefusalStatus = (first: { params?: unknown } | undefined): number | undefined =>
  (first?.params as { params?: Partial<IdIssueParams> } | undefined)?.params?.idStatus;

/** Every error becomes `{ message }` (plus `errors` for validation); only real faults are 500s. */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof HttpError) {
      const body: Body = { message: error.message };
      // A refusal for now (429 too many tries, 503 busy) says when to come back.
      const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      if (error.errors) body.errors = error.errors;
      if (error.code) body.code = error.code;
      return reply.status(error.statusCode).send(body);
    }
    if (error instanceof ZodError) {
      return reply
        .status(400)
        .send(
          fieldErrors(error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))),
        );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = (error as FastifyError).validationContext;
      const idStatus = where === 'params' ? idRefusalStatus(error.validation[0]) : undefined;
      if (idStatus !== undefined)
        return reply.status(idStatus).send({ message: error.validation[0]!.message });
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      const body = fieldErrors(issues);
      if (where && where !== 'body' && body.message === 'Invalid input')
        body.message = `Invalid ${where}`;
      return reply.status(400).send(body);
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on the server. Please try again.' });
  });
};
