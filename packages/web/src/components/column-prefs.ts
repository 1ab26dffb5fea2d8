import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../lib/session.ts';

/** A column the user may show, hide and move (pinned columns are not listed). */
export type ColumnSpec<Id extends string> = {
  id: Id;
  /** The column's header. */
  label: string;
  /** Shown until the user chooses otherwise (the default set fits 1280 px). */
  byDefault: boolean;
};

export type ColumnPrefs<Id extends string> = {
  /** Every configurable column, in the user's order. */
  order: readonly Id[];
  /** The shown columns, in the user's order. */
  visible: readonly Id[];
  isShown: (id: Id) => boolean;
  setShown: (id: Id, shown: boolean) => void;
  /** Moves a column one place earlier (-1) or later (+1). */
  move: (id: Id, delta: -1 | 1) => void;
  showAll: () => void;
  reset: () => void;
};

type Stored<Id extends string> = { order: Id[]; shown: Id[] };

const defaults = <Id extends string>(columns: readonly ColumnSpec<Id>[]): Stored<Id> => ({
  order: columns.map((column) => column.id),
  shown: columns.filter((column) => column.byDefault).map((column) => column.id),
});

/**
 * The stored choice, checked against today's columns: unknown ids are dropped, and a column
 * added since the choice was saved is appended, shown when it is shown by default.
 */
type StoredValue = { order?: unknown; shown?: unknown; known?: unknown };

/** What this browser keeps under `key`, as parsed; null when nothing (or nothing readable). */
const storedValue = (key: string): StoredValue | null => {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as StoredValue) : null;
  } catch {
    return null;
  }
};

const read = <Id extends string>(key: string, columns: readonly ColumnSpec<Id>[]): Stored<Id> => {
  try {
    const value = storedValue(key);
    if (!value) return defaults(columns);
    const ids = columns.map((column) => column.id);
    const known = (list: unknown): Id[] =>
      Array.isArray(list) ? ids.filter((id) => list.includes(id)) : [];
    const order = Array.isArray(value.order)
      ? (value.order as unknown[]).filter((id): id is Id => ids.includes(id as Id))
      : [];
    const seen = known(value.known);
    const added = columns.filter((column) => !order.includes(column.id));
    const shown = [
      ...known(value.shown),
      ...added.filter((column) => column.byDefault && !seen.includes(column.id)).map((c) => c.id),
    ];
    return { order: [...new Set([...order, ...added.map((column) => column.id)])], shown };
  } catch {
    return defaults(columns);
  }
};

const write = <Id extends string>(key: string, prefs: Stored<Id>) => {
  try {
    window.localStorage.setItem(key, JSON.stringify({ ...prefs, known: prefs.order }));
  } catch {
    // Storage full or blocked: the choice holds until the page is reloaded.
  }
};

/** Tables whose stored choice was changed from outside (a saved view opened): their keys. */
const listeners = new Set<(key: string) => void>();

const storageKey = (table: string, userId: string | undefined) =>
  `leadline.columns.${table}.${userId ?? 'signed-out'}`;

/** The columns a user shows in a table, in order, as stored; null when never chosen. */
export const shownColumnsOf = (table: string, userId: string | undefined): string[] | null => {
  const value = storedValue(storageKey(table, userId));
  if (!value || !Array.isArray(value.order) || !Array.isArray(value.shown)) return null;
  const shown = value.shown as unknown[];
  return (value.order as unknown[]).filter(
    (id): id is string => typeof id === 'string' && shown.includes(id),
  );
};

/**
 * Shows exactly `shown`, in that order (the other columns follow, hidden), in the user's stored
 * choice for `table`; a table on screen takes it at once. Unknown ids are dropped when read.
 */
export const applyColumnChoice = (
  table: string,
  userId: string | undefined,
  shown: readonly string[],
): void => {
  const key = storageKey(table, userId);
  const stored = storedValue(key)?.order;
  const order = Array.isArray(stored)
    ? stored.filter((id): id is string => typeof id === 'string')
    : [];
  const next = [...shown, ...order.filter((id) => !shown.includes(id))];
  write(key, { order: next, shown: [...shown] });
  changed(key);
};

const changed = (key: string) => {
  for (const listener of listeners) listener(key);
};

/** The columns the signed-in user shows in `table` (as shownColumnsOf), kept up to date. */
export const useShownColumns = (table: string): string[] | null => {
  const { user } = useSession();
  const key = storageKey(table, user?.id);
  const [shown, setShown] = useState(() => shownColumnsOf(table, user?.id));
  useEffect(() => {
    const listener = (changedKey: string) => {
      if (changedKey === key) setShown(shownColumnsOf(table, user?.id));
    };
    listeners.add(listener);
    setShown(shownColumnsOf(table, user?.id));
    return () => {
      listeners.delete(listener);
    };
  }, [key, table, user?.id]);
  return shown;
};

/**
 * Which columns of a table the signed-in user shows, and in what order; saved in this browser's
 * storage under the user's id, so each user on a shared computer keeps their own choice.
 */
export const useColumnPrefs = <Id extends string>(
  table: string,
  columns: readonly ColumnSpec<Id>[],
): ColumnPrefs<Id> => {
  const { user } = useSession();
  const key = storageKey(table, user?.id);
  // Columns may arrive later (a table's custom fields): the choice is read again for them.
  const ids = columns.map((column) => column.id).join('\u0000');
  const [state, setState] = useState(() => ({ key, ids, prefs: read(key, columns) }));
  useEffect(() => {
    const changedHere = (changedKey: string) => {
      if (changedKey === key) setState({ key, ids, prefs: read(key, columns) });
    };
    listeners.add(changedHere);
    return () => {
      listeners.delete(changedHere);
    };
  }, [key, ids, columns]);
  let prefs = state.prefs;
  if (state.key !== key || state.ids !== ids) {
    prefs = read(key, columns);
    setState({ key, ids, prefs });
  }

  return useMemo(() => {
    const save = (next: Stored<Id>) => {
      setState({ key, ids, prefs: next });
      write(key, next);
      changed(key);
    };
    const isShown = (id: Id) => prefs.shown.includes(id);
    return {
      order: prefs.order,
      visible: prefs.order.filter(isShown),
      isShown,
      setShown: (id, shown) =>
        save({
          order: prefs.order,
          shown: shown ? [...prefs.shown, id] : prefs.shown.filter((other) => other !== id),
        }),
      move: (id, delta) => {
        const from = prefs.order.indexOf(id);
        const to = from + delta;
        if (from < 0 || to < 0 || to >= prefs.order.length) return;
        const order = [...prefs.order];
        order.splice(from, 1);
        order.splice(to, 0, id);
        save({ order, shown: prefs.shown });
      },
      showAll: () => save({ order: prefs.order, shown: [...prefs.order] }),
      reset: () => save(defaults(columns)),
    };
  }, [key, ids, prefs, columns]);
};
