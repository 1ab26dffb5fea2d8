/**
 * Shares one computation between the callers asking for the same key at about the same time,
 * without ever answering with a result older than the question: a caller joins a computation
 * that has not started yet; while one runs, the callers arriving meanwhile share the next one,
 * which starts when the running one ends. A burst of N identical questions costs at most two
 * computations at a time instead of N.
 */
export const createCoalescer = <T>() => {
  type Slot = { running?: Promise<T>; next?: Promise<T> };
  const slots = new Map<string, Slot>();

  const start = (key: string, slot: Slot, compute: () => Promise<T>): Promise<T> => {
    const running = compute().finally(() => {
      if (slot.running === running) slot.running = undefined;
      if (!slot.running && !slot.next) slots.delete(key);
    });
    slot.running = running;
    return running;
  };

  return (key: string, compute: () => Promise<T>): Promise<T> => {
    let slot = slots.get(key);
    if (!slot) {
      slot = {};
      slots.set(key, slot);
    }
    if (!slot.running) return start(key, slot, compute);
    if (slot.next) return slot.next;
    const current = slot;
    const next = current
      .running!.then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        current.next = undefined;
        return start(key, current, compute);
      });
    current.next = next;
    return next;
  };
};
