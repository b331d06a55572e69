'use client';

/**
 * The list's keyboard model (issue 8 item 7): one tab stop with roving focus over the rows (steps and
 * group summaries, nested ones included, in document order). Up/Down and j/k move, Home/End jump,
 * Enter/Space open and close the focused row's details (or group, or nested steps); Tab goes into the
 * focused row's own controls (approve, deny, details, cancel...), and the controls of the other rows
 * are taken out of the tab order so the list stays one stop.
 *
 * It works on the DOM the rows already render (`data-slot="tool-step"`, `"tool-steps-group"`), so
 * rows and parts need no knowledge of it, and a row added, grouped or removed is seen by a mutation
 * observer: focus that was on a row that went away moves to the row that replaced it (its group) or
 * to its neighbour, never to the page.
 */
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef } from 'react';
import { useClientLayoutEffect } from './layout-effect';
import { PENDING } from './settled';

export const ROW_SELECTOR = '[data-slot="tool-step"], [data-slot="tool-steps-group"]';
const CONTROL_SELECTOR =
  'button, a[href], input, select, textarea, summary, [tabindex]:not([data-slot="tool-step"]):not([data-slot="tool-steps-group"])';
/** Marks a control this module took out of the tab order; its value is the `tabindex` it had ('' for none). */
const TAKEN = 'data-roving-tabindex';

function keyOf(row: Element): string | undefined {
  return row.getAttribute('data-step-id') ?? row.getAttribute('data-group-key') ?? undefined;
}

/**
 * What a windowed list (`virtual-rows.tsx`) tells the keyboard: how many top-level items there are,
 * which one a row belongs to, and how to bring one into the DOM (`then` gets its element, at once when
 * it is rendered, else after the commit that renders it).
 */
export interface VirtualNav {
  count(): number;
  indexOf(row: Element): number | undefined;
  reveal(index: number, then: (item: HTMLElement) => void): void;
}

/** The last row in document order inside a top-level item (itself, or its deepest last nested row). */
function lastRowOf(item: HTMLElement): HTMLElement {
  const inner = item.querySelectorAll<HTMLElement>(ROW_SELECTOR);
  return inner.length > 0 ? (inner[inner.length - 1] as HTMLElement) : item;
}

/**
 * Wires the roving focus into the list whose root element is `root`; returns its `onKeyDown`. With
 * `virtual` (a windowed list), the rows that are not rendered are reached too: a move past the
 * rendered rows (or Home/End) brings the item in first, then focuses it.
 */
export function useRovingFocus(
  root: RefObject<HTMLElement | null>,
  enabled: boolean,
  virtual?: { current: VirtualNav | null },
) {
  /** The key (step id or group key) of the row that holds the tab stop, and where it was. */
  const active = useRef<{ key: string | undefined; index: number; element: Element | null }>({
    key: undefined,
    index: 0,
    element: null,
  });
  const focusInside = useRef(false);

  const rows = useCallback((): HTMLElement[] => {
    const list = root.current;
    return list ? [...list.querySelectorAll<HTMLElement>(ROW_SELECTOR)] : [];
  }, [root]);

  /**
   * Gives the tab stop to one row (the active one; when it left the DOM, the row with its key, the
   * group that took it in, or its neighbour) and takes the other rows' controls out of the tab order.
   * When the focus was in the list and went with a removed row, it moves to that row's replacement.
   */
  const sweep = useCallback(() => {
    const list = root.current;
    if (!list || !enabled) return;
    const all = rows();
    const { element, key, index } = active.current;
    let current = element?.isConnected ? all.find((row) => row === element) : undefined;
    if (!current && key !== undefined) {
      current =
        all.find((row) => keyOf(row) === key) ??
        all.find((row) => (row.getAttribute('data-group-steps') ?? '').split(' ').includes(key));
    }
    current ??= all[Math.min(index, all.length - 1)] ?? undefined;
    const lostFocus =
      focusInside.current &&
      element !== null &&
      !element.isConnected &&
      (document.activeElement === null || document.activeElement === document.body);
    for (const row of all) {
      const tabIndex = row === current ? 0 : -1;
      if (row.tabIndex !== tabIndex || !row.hasAttribute('tabindex')) row.tabIndex = tabIndex;
    }
    if (current) active.current = { key: keyOf(current), index: all.indexOf(current), element: current };
    // content not mounted yet (a boundary still to hydrate) is left as the server drew it until it is
    const pending = [...list.querySelectorAll(`[${PENDING}]`)];
    for (const control of list.querySelectorAll<HTMLElement>(CONTROL_SELECTOR)) {
      if (pending.length > 0 && pending.some((region) => region.contains(control))) continue;
      const owner = control.closest(ROW_SELECTOR);
      if (!owner || !list.contains(owner)) continue;
      const taken = control.hasAttribute(TAKEN);
      if (owner === current) {
        if (taken) {
          const before = control.getAttribute(TAKEN) as string;
          control.removeAttribute(TAKEN);
          if (before === '') control.removeAttribute('tabindex');
          else control.setAttribute('tabindex', before);
        }
      } else if (!taken) {
        control.setAttribute(TAKEN, control.getAttribute('tabindex') ?? '');
        control.tabIndex = -1;
      }
    }
    if (lostFocus && current) current.focus();
  }, [root, rows, enabled]);

  /** After focus left a row: if it went nowhere (the row was removed), give it to the replacement. */
  const recover = useCallback(() => {
    const focused = document.activeElement;
    if (focused && focused !== document.body && !root.current?.contains(focused)) {
      focusInside.current = false; // focus went elsewhere on purpose
      return;
    }
    sweep();
  }, [root, sweep]);

  useClientLayoutEffect(() => {
    sweep();
  });

  useEffect(() => {
    const list = root.current;
    if (!list || !enabled || typeof MutationObserver === 'undefined') return;
    let queued = false;
    const focusable = `${ROW_SELECTOR}, ${CONTROL_SELECTOR}`;
    // only additions of rows or controls, or the loss of the row holding the stop, need a new sweep
    // (streamed text changes the DOM every frame and needs none)
    const matters = (records: MutationRecord[]) =>
      (active.current.element !== null && !active.current.element.isConnected) ||
      records.some(
        (record) =>
          record.type === 'attributes' || // content that mounted (its region no longer pending)
          [...record.addedNodes].some(
            (node) => node instanceof Element && (node.matches(focusable) || node.querySelector(focusable) !== null),
          ),
      );
    // rows drawn by a windowed list as it scrolls: their own rows and controls are set, not the list's
    const settleAdded = (records: MutationRecord[]): boolean => {
      const { element } = active.current;
      if (element === null || !element.isConnected) return false;
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement) || node.parentElement !== list || !node.matches(ROW_SELECTOR))
            return false;
          if (node.contains(element)) return false;
          for (const row of [node, ...node.querySelectorAll<HTMLElement>(ROW_SELECTOR)]) {
            if (row.tabIndex !== -1 || !row.hasAttribute('tabindex')) row.tabIndex = -1;
          }
          for (const control of node.querySelectorAll<HTMLElement>(CONTROL_SELECTOR)) {
            if (control.hasAttribute(TAKEN)) continue;
            control.setAttribute(TAKEN, control.getAttribute('tabindex') ?? '');
            control.tabIndex = -1;
          }
        }
      }
      return true;
    };
    const observer = new MutationObserver((records) => {
      if (queued || !matters(records)) return;
      if (records.every((record) => record.target === list) && settleAdded(records)) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        recover();
        sweep();
      });
    });
    observer.observe(list, { childList: true, subtree: true, attributes: true, attributeFilter: [PENDING] });
    const onFocusIn = (event: FocusEvent) => {
      focusInside.current = true;
      const row = (event.target as Element | null)?.closest?.(ROW_SELECTOR);
      if (row && list.contains(row) && row !== active.current.element) {
        const all = rows();
        active.current = { key: keyOf(row), index: all.indexOf(row as HTMLElement), element: row };
        sweep();
      }
    };
    const onFocusOut = (event: FocusEvent) => {
      const to = event.relatedTarget as Node | null;
      if (to && list.contains(to)) return;
      // a removed row loses focus without saying where it went: look once the DOM settled
      setTimeout(recover, 0);
      if (to) focusInside.current = false;
    };
    list.addEventListener('focusin', onFocusIn);
    list.addEventListener('focusout', onFocusOut);
    return () => {
      observer.disconnect();
      list.removeEventListener('focusin', onFocusIn);
      list.removeEventListener('focusout', onFocusOut);
    };
  }, [root, enabled, recover, sweep, rows]);

  const move = useCallback(
    (to: HTMLElement | undefined) => {
      if (!to) return;
      const all = rows();
      active.current = { key: keyOf(to), index: all.indexOf(to), element: to };
      sweep();
      to.focus();
    },
    [rows, sweep],
  );

  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (!enabled || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const row = event.target as HTMLElement;
      if (!row.matches?.(ROW_SELECTOR)) return; // keys typed in a row's controls are theirs
      const all = rows();
      const index = all.indexOf(row);
      if (index < 0) return;
      let handled = true;
      const nav = virtual?.current ?? undefined;
      const at = nav?.indexOf(row);
      switch (event.key) {
        case 'ArrowDown':
        case 'j': {
          const next = all[index + 1];
          // the next row in the DOM is the next one unless rows between them are not rendered
          if (!nav || at === undefined || (next && (nav.indexOf(next) ?? at) <= at + 1)) move(next);
          else if (at + 1 < nav.count()) nav.reveal(at + 1, move);
          break;
        }
        case 'ArrowUp':
        case 'k': {
          const previous = all[index - 1];
          if (!nav || at === undefined || (previous && (nav.indexOf(previous) ?? at) >= at - 1)) move(previous);
          else if (at > 0) nav.reveal(at - 1, (item) => move(lastRowOf(item)));
          break;
        }
        case 'Home':
          if (nav) nav.reveal(0, move);
          else move(all[0]);
          break;
        case 'End':
          if (nav && nav.count() > 0) nav.reveal(nav.count() - 1, (item) => move(lastRowOf(item)));
          else move(all[all.length - 1]);
          break;
        case 'Enter':
        case ' ': {
          const trigger = [
            ...row.querySelectorAll<HTMLElement>(
              '[data-slot="tool-step-details-trigger"], [data-slot="tool-steps-group-trigger"], [data-slot="tool-step-nested-trigger"]',
            ),
          ].find((candidate) => candidate.closest(ROW_SELECTOR) === row);
          trigger?.click();
          break;
        }
        default:
          handled = false;
      }
      if (handled) event.preventDefault();
    },
    [enabled, rows, move, virtual],
  );
}
