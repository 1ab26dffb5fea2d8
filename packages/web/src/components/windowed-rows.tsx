import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FocusEvent, ReactNode } from 'react';
import { Table } from '@mantine/core';

/**
 * Pages of up to this many rows are drawn whole (the browser's find then sees every row);
 * longer pages (100 and 250 rows) draw only the rows in view plus OVERSCAN on either side.
 */
export const WINDOW_FROM = 60;
const OVERSCAN = 10;
/** A row's height before one has been measured (a table row at 1280 px). */
const ESTIMATE = 41;

type Range = { start: number; end: number };

const sameRange = (a: Range, b: Range) => a.start === b.start && a.end === b.end;

/**
 * Which rows of `count` to draw: those whose box meets the browser's viewport (the table's own
 * scroll box lies inside it, so a few rows just outside that box are drawn too) plus the
 * overscan; and the row holding the keyboard focus, wherever it is, so scrolling never loses
 * the focus. Rows are taken to be of one height, measured from a drawn row.
 */
const useRowWindow = (count: number) => {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const rowHeight = useRef(ESTIMATE);
  const windowed = count > WINDOW_FROM;
  const [range, setRange] = useState<Range>(() => ({
    start: 0,
    end: Math.ceil(window.innerHeight / ESTIMATE) + OVERSCAN,
  }));

  const update = useCallback(() => {
    const body = bodyRef.current;
    if (!body || !windowed) return;
    const row = body.querySelector<HTMLElement>(':scope > tr[aria-rowindex]');
    if (row && row.offsetHeight > 0) rowHeight.current = row.offsetHeight;
    const top = body.getBoundingClientRect().top;
    const height = rowHeight.current;
    const start = Math.max(0, Math.floor(-top / height) - OVERSCAN);
    const end = Math.min(count, Math.ceil((window.innerHeight - top) / height) + OVERSCAN);
    const next = { start, end: Math.max(start, end) };
    setRange((previous) => (sameRange(previous, next) ? previous : next));
  }, [count, windowed]);

  // Before the frame is painted: correct the first guess once the rows' place is known.
  useLayoutEffect(update);

  useEffect(() => {
    if (!windowed) return undefined;
    let frame = 0;
    const schedule = () => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0;
          update();
        });
    };
    // Scroll events do not bubble: caught on the way down, from the table's box or the page.
    document.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [update, windowed]);

  const [focus, setFocus] = useState<number | null>(null);
  const onFocus = useCallback((event: FocusEvent) => {
    const row = (event.target as Element).closest('tr[aria-rowindex]');
    setFocus(row ? Number(row.getAttribute('aria-rowindex')) - 2 : null);
  }, []);

  const height = rowHeight.current;
  if (!windowed) return { start: 0, end: count, focus: null, height, bodyRef, onFocus };
  return {
    start: Math.min(range.start, count),
    end: Math.min(range.end, count),
    focus: focus !== null && focus < count ? focus : null,
    height,
    bodyRef,
    onFocus,
  };
};

/** A blank row standing in for the rows not drawn, so the scroll bar stays true. */
const Spacer = ({ height }: { height: number }) =>
  height > 0 ? <tr aria-hidden="true" data-spacer="" style={{ height }} /> : null;

type WindowedTbodyProps<T> = {
  items: readonly T[];
  /** Loading, empty or error row in place of the rows. */
  placeholder: ReactNode | null;
  /** One row; it carries aria-rowindex={index + 2} (the header row is 1). */
  children: (item: T, index: number) => ReactNode;
};

/**
 * A table body that draws only the rows in view when the page is long. The table keeps its
 * semantics: it carries aria-rowcount (rows + the header row), each row its aria-rowindex.
 */
export const WindowedTbody = <T,>({ items, placeholder, children }: WindowedTbodyProps<T>) => {
  const view = useRowWindow(placeholder ? 0 : items.length);
  const drawn: ReactNode[] = [];
  let at = 0;
  const draw = (from: number, to: number) => {
    drawn.push(<Spacer key={`gap-${drawn.length}`} height={(from - at) * view.height} />);
    for (let index = from; index < to; index += 1) drawn.push(children(items[index]!, index));
    at = to;
  };
  if (!placeholder) {
    const { start, end, focus } = view;
    if (focus !== null && focus < start) draw(focus, focus + 1);
    draw(start, end);
    if (focus !== null && focus >= end) draw(focus, focus + 1);
    draw(items.length, items.length);
  }
  return (
    <Table.Tbody ref={view.bodyRef} onFocus={view.onFocus}>
      {placeholder ?? drawn}
    </Table.Tbody>
  );
};

/** aria-rowcount for a table of `rows` body rows under one header row. */
export const rowCount = (rows: number): number => rows + 1;
