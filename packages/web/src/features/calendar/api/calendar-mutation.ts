import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarKeys } from './calendar-keys.ts';

/** A change of meetings: afterwards every calendar query (grid, day, activity) is refreshed. */
export const useCalendarMutation = <Input, Result>(
  mutationFn: (input: Input) => Promise<Result>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
};
