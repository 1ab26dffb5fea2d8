import type { CustomFilterParams } from '../../../lib/custom-params.ts';

export type ClientListQuery = {
  page: number;
  search: string;
  category: string;
  /** `custom.<key>` or `-custom.<key>`; '' is newest first. */
  sort: string;
  /** The `custom.<key>` (and `.min` / `.max`) filters. */
  custom: CustomFilterParams;
};

/** React Query keys of the clients feature. */
export const clientKeys = {
  all: ['clients'] as const,
  lists: ['clients', 'list'] as const,
  list: (query: ClientListQuery) => ['clients', 'list', query] as const,
  detail: (id: string) => ['clients', 'detail', id] as const,
};
