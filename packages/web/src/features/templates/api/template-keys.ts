/** React Query keys of the templates feature. */
export const templateKeys = {
  all: ['templates'] as const,
  list: ['templates', 'list'] as const,
  leads: (search: string) => ['templates', 'leads', search] as const,
};
