/**
 * Which open layer (modal, drawer, dropdown, popover) is the innermost, so that Esc or a click
 * outside closes only that one. Mantine lets every open modal and drawer react to the same
 * Esc (each listens on the window), and a dropdown that closes on the press of a key or a
 * pointer is gone by the time its modal hears the close: so the layers are read at the start
 * of each Esc press and pointer press, before any of them reacts.
 */

/** Open modal and drawer contents, and open dropdowns and popovers (Select, Menu, dates). */
const LAYERS = '[role="dialog"][aria-modal="true"], .mantine-Popover-dropdown';

/** The z-index that places a portalled element: the outermost ancestor's that sets one. */
const stackLevel = (element: Element): number => {
  let level = 0;
  for (
    let node: Element | null = element;
    node && node !== document.body;
    node = node.parentElement
  ) {
    const z = Number.parseInt(getComputedStyle(node).zIndex, 10);
    if (!Number.isNaN(z)) level = z;
  }
  return level;
};

/** Whether `a` is shown above `b`: a higher z-index, or the same one and later in the page. */
const above = (a: Element, b: Element): boolean => {
  if (b.contains(a)) return true;
  if (a.contains(b)) return false;
  const difference = stackLevel(a) - stackLevel(b);
  if (difference !== 0) return difference > 0;
  return (b.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
};

/** The open layer shown on top of all others, if any. */
export const topLayer = (): Element | null => {
  let top: Element | null = null;
  for (const layer of document.querySelectorAll(LAYERS)) {
    if (layer.getClientRects().length === 0) continue; // kept mounted but hidden
    if (!top || above(layer, top)) top = layer;
  }
  return top;
};

/** The top layer when the current Esc or pointer press began (undefined: none seen yet). */
let pressedOver: Element | null | undefined;

const remember = (event: Event) => {
  if (event instanceof KeyboardEvent && event.key !== 'Escape') return;
  pressedOver = topLayer();
};

if (typeof window !== 'undefined') {
  // Installed when the app loads, before any modal's listener: these run first.
  window.addEventListener('keydown', remember, { capture: true });
  window.addEventListener('pointerdown', remember, { capture: true });
}

/**
 * Whether the modal or drawer whose root element is `root` was the innermost open layer when
 * the Esc or click that closes it began (no dropdown, popover, modal or confirm above it).
 */
export const wasInnermost = (root: Element | null): boolean => {
  if (!root) return true;
  const top = pressedOver === undefined ? topLayer() : pressedOver;
  if (!top) return true;
  return root.contains(top) && top.matches('[aria-modal="true"]');
};
