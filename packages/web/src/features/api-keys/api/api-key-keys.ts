/** React Query keys of the API keys feature. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  mine: ['api-keys', 'mine'] as const,
  organization: ['api-keys', 'organization'] as const,
};
