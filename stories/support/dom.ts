/**
 * Readers of the DOM contract (DESIGN.md §4) for play functions and browser tests: rows by step id,
 * the text of a part, and the attributes that say what a row shows.
 */

/** A container to search: an element, a document or a shadow root. */
export type Scope = ParentNode;

/** Every step row under `scope`, in document order (nested rows included). */
export function stepRows(scope: Scope): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>('[data-slot="tool-step"]')];
}

/** The row of one step; throws a readable error when there is none. */
export function stepRow(scope: Scope, id: string): HTMLElement {
  const row = scope.querySelector<HTMLElement>(`[data-slot="tool-step"][data-step-id="${CSS.escape(id)}"]`);
  if (!row) throw new Error(`no row with data-step-id="${id}"`);
  return row;
}

/** A row's own part by `data-slot` (not one of a nested row's); `null` when the row has none. */
export function part(row: HTMLElement, slot: string): HTMLElement | null {
  for (const element of row.querySelectorAll<HTMLElement>(`[data-slot="${slot}"]`)) {
    if (element.closest('[data-slot="tool-step"]') === row) return element;
  }
  return null;
}

/** The text of a row's part, or `null` when the row does not draw it. */
export function partText(row: HTMLElement, slot: string): string | null {
  return part(row, slot)?.textContent ?? null;
}

/** What every row shows, in order: a compact summary to compare with one `expect`. */
export function summarize(scope: Scope) {
  return stepRows(scope).map((row) => ({
    id: row.dataset.stepId,
    tool: row.dataset.tool,
    status: row.dataset.status,
    icon: part(row, 'tool-step-icon')?.dataset.icon,
    label: partText(row, 'tool-step-label'),
    detail: partText(row, 'tool-step-detail'),
  }));
}
