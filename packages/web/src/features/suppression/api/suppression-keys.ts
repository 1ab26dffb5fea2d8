export type SuppressionQuery = { page: number; search: string };

/** React Query keys of the suppression feature. */
export const suppressionKeys = {
  all: ['suppression'] as const,
  lists: ['suppression', 'list'] as const,
  list: (query: SuppressionQuery) => ['suppression', 'list', query] as const,
  settings: ['suppression', 'settings'] as const,
};
