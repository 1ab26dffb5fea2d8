import { z } from 'zod';
import { answerSchema, isoDateTime, nullableDateTime, text } from './answers.ts';
import { dateTimeParam } from './dates.ts';

/*
 * Personal API keys: a user's scripts and other tools call the API with
 * `Authorization: Bearer ll_…`, acting as the user with their current permissions.
 */

/** Every key starts so: the server knows a key from a session token by it. */
export const API_KEY_PREFIX = 'll_';
/** How many characters of a key lists show (the prefix and a few more). */
export const API_KEY_SHOWN_LENGTH = 10;
export const API_KEY_NAME_MAX = 100;
/** How many requests one key may make per minute (beyond: 429 with Retry-After). */
export const API_KEY_REQUESTS_PER_MINUTE = 600;

export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

export const API_KEY_NOT_FOUND = 'API key not found';
export const API_KEY_INVALID = 'This API key is not valid';
export const API_KEY_REVOKED = 'This API key has been revoked';
export const API_KEY_EXPIRED = 'This API key has expired';
export const API_KEY_OWNER_REFUSED = 'This API key no longer works';
export const API_KEY_SESSION_ONLY =
  'API keys cannot manage API keys or passwords: sign in to the app to do this';
export const API_KEY_EXPIRY_PAST = 'The expiry date must be in the future';

/** POST /api/api-keys. */
export const apiKeyCreateSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(API_KEY_NAME_MAX, `Name must be at most ${API_KEY_NAME_MAX} characters`),
  expiresAt: dateTimeParam('Expiry must be a date and time')
    .refine((value) => Date.parse(value) > Date.now(), API_KEY_EXPIRY_PAST)
    .nullish(),
});
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;
export type ApiKeyCreateData = z.output<typeof apiKeyCreateSchema>;

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export const API_KEY_STATUS_LABELS: Record<ApiKeyStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** A key as lists show it: never the key itself, only its first characters. */
export type ApiKey = {
  _id: string;
  name: string;
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: ApiKeyStatus;
};

/** An organisation's key, as its administrators see it (with its owner). */
export type OrganizationApiKey = ApiKey & {
  owner: { _id: string; name: string; email: string };
};

/* Answers (the server's response schemas, and so /api/docs). */

const apiKeyShape = {
  _id: text,
  name: text,
  prefix: text,
  createdAt: isoDateTime,
  expiresAt: nullableDateTime,
  lastUsedAt: nullableDateTime,
  revokedAt: nullableDateTime,
  status: z.enum(API_KEY_STATUSES),
};

export const apiKeyAnswerSchema = answerSchema<ApiKey>()(apiKeyShape);

export const organizationApiKeyAnswerSchema = answerSchema<OrganizationApiKey>()({
  ...apiKeyShape,
  owner: z.object({ _id: text, name: text, email: text }),
});

export type ApiKeyCreated = { key: string; apiKey: ApiKey };

/** 201 of POST /api/api-keys: the only answer that ever holds the key. */
export const apiKeyCreatedAnswerSchema = answerSchema<ApiKeyCreated>()({
  key: text.meta({ description: 'The key itself: shown this once, never again.' }),
  apiKey: apiKeyAnswerSchema,
});

export const apiKeyListAnswerSchema = z.object({ apiKeys: z.array(apiKeyAnswerSchema) });
export type ApiKeyList = { apiKeys: ApiKey[] };

export const organizationApiKeyListAnswerSchema = z.object({
  apiKeys: z.array(organizationApiKeyAnswerSchema),
});
export type OrganizationApiKeyList = { apiKeys: OrganizationApiKey[] };

export const apiKeyRevokedAnswerSchema = z.object({
  message: z.string(),
  apiKey: apiKeyAnswerSchema,
});
export type ApiKeyRevoked = { message: string; apiKey: ApiKey };
