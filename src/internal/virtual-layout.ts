/**
 * What a windowed list's items share with the list that draws them (`virtual-rows.tsx` is loaded on
 * demand; this part stays small and in the base).
 */
import { useSyncExternalStore } from 'react';
import type { ListItem } from '../presentation/grouping';

/**
 * What a windowed item needs: its index (for measuring) and the measuring ref. Its `top` is written
 * on the element by the virtualizer, not rendered: a row re-renders for its step, never because a
 * row above it was measured.
 */
export interface RowLayout {
  index: number;
  measure: (element: Element | null) => void;
}

/** The props a windowed item puts on its `<li>` (nothing for an item drawn in flow). */
export function layoutProps(index: number | undefined, measure: RowLayout['measure'] | undefined) {
  if (index === undefined || measure === undefined) return undefined;
  return {
    'data-index': index,
    ref: measure,
    style: { position: 'absolute', left: 0, right: 0 } as const,
  };
}

/**
 * The height a closed item is drawn at by the theme (2.75rem and its 1px hairline), until it is measured.
 * A row measured at the estimate leaves the list's height as it was: a list whose height changes is
 * repainted whole (its border and rounded clip move), which on every scrolled row took a busy machine's
 * frames.
 */
export const ESTIMATED_ROW_HEIGHT = 45;

/** How many top-level items a list draws before it windows them. */
export const VIRTUALIZE_AFTER = 200;

/** How many items a server render draws (and hydration, to match it). */
export const FIRST_WINDOW = 40;

const never = () => () => {};
const clientWindow = () => Math.min(FIRST_WINDOW, Math.ceil(window.innerHeight / ESTIMATED_ROW_HEIGHT) + 1);
const serverWindow = () => FIRST_WINDOW;

/**
 * How many items are drawn in flow before the windowing takes over (while it loads, and in its first
 * render): `FIRST_WINDOW` on the server and while hydrating, else as many as fill the viewport.
 */
export function useFirstWindow(): number {
  return useSyncExternalStore(never, clientWindow, serverWindow);
}

/** The item key the virtualizer tracks measurements by: a step id, `reasoning:<id>` or `group:<key>`. */
export function itemKey(item: ListItem): string {
  if (typeof item === 'string') return item;
  return 'kind' in item ? `reasoning:${item.id}` : `group:${item.key}`;
}

/**
 * The style of the sizer, the list's last child, in flow under the placed items, that gives it its
 * whole height: inline, so no theme rule adds to it.
 */
export function sizerStyle(height?: number) {
  return { height, margin: 0, padding: 0, border: 0, listStyle: 'none', visibility: 'hidden' } as const;
}
