/**
 * The class list of a part: its slot name first, then `extra` when that is a non-empty string. Every
 * element the kit draws carries its `data-slot` value as a class too, and the kit's stylesheets select
 * by that class: Chromium files class selectors in per-class buckets and tries each rule only on
 * elements with its class, while a `:where([data-slot="…"])` rule is tried on every element it restyles
 * (all 213 rules on every row scrolled into view; see ARCHITECTURE.md, "Approaches discarded", and bench/README.md).
 */
export function slotClass(slot: string, extra?: unknown): string {
  return typeof extra === 'string' && extra !== '' ? `${slot} ${extra}` : slot;
}
