import type { FastifyRequest } from 'fastify';
import { AUDIT_DEVICE_KEPT } from '@leadline/shared/audit';
import { userOf } from '../../plugins/guard.ts';

/** Where a request came from: its address and device (user agent, trimmed). */
export type AuditWhere = { ip: string | null; device: string | null };

/** Who did it, from where, and in which organisation the entry is kept. */
export type AuditWho = AuditWhere & {
  organizationId: string | null;
  actorId: string | null;
  /** The actor's email at the time, or what acted (`unknown account`, `backup command`). */
  actorLabel: string;
};

/** A user as the call sites have them: the signed-in user, or a stored row. */
type Person = { id: string; email: string; organizationId: string | null };

export const deviceText = (agent: unknown): string | null => {
  const text = typeof agent === 'string' ? agent.trim() : '';
  return text ? text.slice(0, AUDIT_DEVICE_KEPT) : null;
};

export const whereOf = (request: FastifyRequest): AuditWhere => ({
  ip: request.ip || null,
  device: deviceText(request.headers['user-agent']),
});

const isRequest = (from: FastifyRequest | AuditWhere): from is FastifyRequest => 'headers' in from;

/**
 * The `who` of an entry: the person (their organisation: the one a Super Admin acts in, for
 * the signed-in user) and where the request came from. `label` names an actor that is no user.
 */
export const auditWho = (
  from: FastifyRequest | AuditWhere,
  person: Person | null,
  label?: string,
): AuditWho => ({
  ...(isRequest(from) ? whereOf(from) : from),
  organizationId: person?.organizationId ?? null,
  actorId: person?.id ?? null,
  actorLabel: person?.email ?? label ?? '',
});

/** The same actor, the entry kept in the organisation the change concerns (a member's). */
export const whoIn = (who: AuditWho, organizationId: string | null): AuditWho => ({
  ...who,
  organizationId,
});

/** The `who` of a signed-in caller's request: one call at a route. */
export const callerWho = (request: FastifyRequest): AuditWho => auditWho(request, userOf(request));
