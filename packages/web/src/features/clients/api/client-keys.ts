export type ClientListQuery = { page: number; search: string; category: string };

/** React Query keys of the clients feature. */
export const clientKeys = {
  all: ['clients'] as const,
  lists: ['clients', 'list'] as const,
  list: (query: ClientListQuery) => ['clients', 'list', query] as const,
  detail: (id: string) => ['clients', 'detail', id] as const,
};
