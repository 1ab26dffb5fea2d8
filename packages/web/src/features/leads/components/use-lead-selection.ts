import { useState } from 'react';
import type { Lead } from '@leadline/shared/leads';
import { useStableCallback } from '../../../lib/use-stable-callback.ts';

/**
 * The selected leads (kept across pages of the same filters, dropped when the filters change),
 * with the leads themselves so the bulk email button knows their mail state.
 */
export const useLeadSelection = (filterKey: string) => {
  const [selected, setSelected] = useState<ReadonlyMap<string, Lead>>(() => new Map());
  const [forKey, setForKey] = useState(filterKey);
  if (forKey !== filterKey) {
    setForKey(filterKey);
    setSelected(new Map());
  }

  const toggle = useStableCallback((lead: Lead, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(lead._id, lead);
      else next.delete(lead._id);
      return next;
    }),
  );
  const toggleMany = useStableCallback((leads: readonly Lead[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const lead of leads) {
        if (on) next.set(lead._id, lead);
        else next.delete(lead._id);
      }
      return next;
    }),
  );
  /** Keeps the stored copies fresh (a status or mail change on a selected row). */
  const refresh = useStableCallback((leads: readonly Lead[]) =>
    setSelected((current) => {
      let changed = false;
      const next = new Map(current);
      for (const lead of leads) {
        if (next.has(lead._id) && next.get(lead._id) !== lead) {
          next.set(lead._id, lead);
          changed = true;
        }
      }
      return changed ? next : current;
    }),
  );
  const remove = useStableCallback((ids: readonly string[]) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const id of ids) next.delete(id);
      return next;
    }),
  );
  const clear = useStableCallback(() => setSelected(new Map()));

  const ids = new Set(selected.keys());
  return { selected, ids, toggle, toggleMany, refresh, remove, clear };
};
