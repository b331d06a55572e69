/**
 * What a windowed list's items share with the list that draws them (`virtual-rows.tsx` is loaded on
 * demand; this part stays small and in the base).
 */
import type { ListItem } from './grouping';

/** Where a windowed item goes: its index (for measuring), its top in the list, and the measuring ref. */
export interface RowLayout {
  index: number;
  top: number;
  measure: (element: Element | null) => void;
}

/** The props a windowed item puts on its `<li>` (nothing for an item drawn in flow). */
export function layoutProps(
  index: number | undefined,
  top: number | undefined,
  measure: RowLayout['measure'] | undefined,
) {
  if (index === undefined || top === undefined || measure === undefined) return undefined;
  return {
    'data-index': index,
    ref: measure,
    style: { position: 'absolute', top, left: 0, right: 0 } as const,
  };
}

/** The height a closed row is drawn at by the theme (2.75rem), until it is measured. */
export const ESTIMATED_ROW_HEIGHT = 44;

/** How many top-level items a list draws before it windows them. */
export const VIRTUALIZE_AFTER = 200;

/** How many items are drawn while the windowing loads (and by a server render). */
export const FIRST_WINDOW = 40;

/** The item key the virtualizer tracks measurements by: a step id, or `group:<key>`. */
export function itemKey(item: ListItem): string {
  return typeof item === 'string' ? item : `group:${item.key}`;
}

/**
 * The style of the sizer, the list's last child, in flow under the placed items, that gives it its
 * whole height: inline, so no theme rule adds to it.
 */
export function sizerStyle(height: number) {
  return { height, margin: 0, padding: 0, border: 0, listStyle: 'none', visibility: 'hidden' } as const;
}
