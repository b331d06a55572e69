// Live regions as ARIA defines them, for the jsdom tests (the Chromium ones read the accessibility tree,
// test/support/ax-tree.ts): an element is one by its `aria-live`, or by a role that implies it (`status`,
// `log`, `alert`) or an element whose role does (`<output>` is a status). A screen reader reads aloud
// every change of the text inside one.

const LIVE_ROLES = new Set(['status', 'log', 'alert']);

/** Whether `element` itself makes its content live (`true`), turns it off (`false`), or says nothing (`undefined`). */
function ownLiveness(element: Element): boolean | undefined {
  const live = element.getAttribute('aria-live');
  if (live !== null) return live !== 'off';
  const role = element.getAttribute('role')?.trim().split(/\s+/)[0];
  if (role) return LIVE_ROLES.has(role) ? true : undefined;
  return element.tagName === 'OUTPUT' ? true : undefined;
}

/** The live region whose changes include `node`'s (the nearest element that decides), or null. */
export function liveRegionOf(node: Node | null | undefined): Element | null {
  for (let element = node instanceof Element ? node : (node?.parentElement ?? null); element; ) {
    const live = ownLiveness(element);
    if (live !== undefined) return live ? element : null;
    element = element.parentElement;
  }
  return null;
}

/** Every live region under `root`. */
export function liveRegions(root: ParentNode = document.body): Element[] {
  return [...root.querySelectorAll('*')].filter((element) => liveRegionOf(element) === element);
}
