'use client';

/**
 * The list's keyboard model: the natural tab order, with arrow keys as an extra that takes nothing out
 * of it. Every control of every row stays where Tab finds it; one row (the active one) is a tab stop
 * too, and from a focused row Up/Down (or j/k) move between rows, Home/End jump, Enter/Space open and
 * close its details (or group, or nested steps). The active row is held here and each row renders its
 * own `tabIndex` from it (`useRowTabStop`): nothing is written on an element the kit did not render.
 *
 * A row that leaves the DOM while it holds the stop or the focus (grouped, removed, windowed away)
 * hands both to the group that took it in, else to its nearest row, after the commit: never to the page.
 */
import { createContext, type FocusEvent, type KeyboardEvent, useContext, useRef, useSyncExternalStore } from 'react';
import { useClientLayoutEffect } from './layout-effect';
import type { ListModel } from './list-view';
import { TOP } from './list-view';
import { itemKey } from './virtual-layout';

export const ROW_SELECTOR = '[data-slot="tool-step"], [data-slot="tool-steps-group"], [data-slot="tool-steps-thought"]';
const TRIGGER_SELECTOR =
  '[data-slot="tool-step-details-trigger"], [data-slot="tool-steps-group-trigger"], [data-slot="tool-step-nested-trigger"], [data-slot="tool-steps-thought-trigger"]';

/** The key of each mounted row that holds a tab stop: its step id as it came (`data-step-id` is screened). */
const rowKeys = new WeakMap<Element, string>();

/** A row's key: its step id, or `group:<key>` for a group's row. */
function keyOf(row: Element): string | undefined {
  const known = rowKeys.get(row);
  if (known !== undefined) return known;
  const group = row.getAttribute('data-group-key');
  return group !== null ? `group:${group}` : (row.getAttribute('data-step-id') ?? undefined);
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

const isLost = () => document.activeElement === null || document.activeElement === document.body;

/** One list's keyboard: which row is the tab stop, and the keys that move between rows. */
export class ListKeyboard {
  private active: string | undefined;
  private readonly listeners = new Set<() => void>();
  /** Focus events already taken by the innermost row (they bubble through the rows around it). */
  private readonly seen = new WeakSet<Event>();
  /** The list's element, set by its ref. */
  list: HTMLElement | null = null;

  constructor(
    private readonly model: ListModel,
    private readonly nav: { current: VirtualNav | null },
  ) {}

  /** Follows the tab stop, and the view (the first row holds it until one is chosen). */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    const stop = this.model.subscribe(listener);
    return () => {
      this.listeners.delete(listener);
      stop();
    };
  };

  /** The key of the row that is the list's tab stop. */
  tabStop(): string | undefined {
    if (this.active !== undefined) return this.active;
    const first = this.model.getView().lists.get(TOP)?.[0];
    return first === undefined ? undefined : itemKey(first);
  }

  private setActive(key: string | undefined): void {
    if (key === this.active) return;
    this.active = key;
    for (const listener of [...this.listeners]) listener();
  }

  /** A row, or a control inside it, got the focus: it is the tab stop now. */
  focused(key: string, event: Event): void {
    if (this.seen.has(event)) return;
    this.seen.add(event);
    this.setActive(key);
  }

  /** The rows in document order, nested ones included. */
  private rows(): HTMLElement[] {
    return this.list ? [...this.list.querySelectorAll<HTMLElement>(ROW_SELECTOR)] : [];
  }

  /**
   * A row is leaving the DOM (its layout effect's cleanup, while it is still in it): when it held the
   * stop or the focus, both go to its replacement once the commit is done.
   */
  leaving(key: string, element: HTMLElement): void {
    const focused = element.contains(document.activeElement);
    if (!focused && this.tabStop() !== key) return;
    const index = Math.max(0, this.rows().indexOf(element));
    queueMicrotask(() => this.recover(key, index, focused));
  }

  private recover(key: string, index: number, focused: boolean): void {
    const rows = this.rows();
    const replacement =
      rows.find((row) => keyOf(row) === key) ??
      rows.find((row) => (row.getAttribute('data-group-steps') ?? '').split(' ').includes(key)) ??
      rows[Math.min(index, rows.length - 1)];
    this.setActive(replacement ? keyOf(replacement) : undefined);
    if (focused && replacement && isLost()) replacement.focus();
  }

  /** Moves the focus to the drawn row of `key` (a step id), if there is one. */
  focusRow(key: string): void {
    this.move(this.rows().find((row) => keyOf(row) === key));
  }

  private move(to: HTMLElement | undefined): void {
    if (!to?.isConnected) return;
    this.setActive(keyOf(to));
    to.focus();
  }

  /** The list's `onKeyDown`: keys pressed on a row (keys typed in a row's controls are theirs). */
  readonly onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const row = event.target as HTMLElement;
    if (!row.isConnected || !row.matches?.(ROW_SELECTOR)) return;
    const all = this.rows();
    const index = all.indexOf(row);
    if (index < 0) return;
    const nav = this.nav.current ?? undefined;
    const at = nav?.indexOf(row);
    const move = (to: HTMLElement | undefined) => this.move(to);
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
        const trigger = [...row.querySelectorAll<HTMLElement>(TRIGGER_SELECTOR)].find(
          (candidate) => candidate.closest(ROW_SELECTOR) === row,
        );
        trigger?.click();
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  };
}

export const ListKeyboardContext = createContext<ListKeyboard | null>(null);
ListKeyboardContext.displayName = 'ToolStepsKeyboardContext';

const noSubscription = () => () => {};
const none = () => false;

/**
 * The props a row of a list puts on its element: `tabIndex` 0 on the list's tab stop, -1 on the other
 * rows (focusable by the arrow keys, their controls untouched), and the focus and ref that keep the
 * stop on it. Nothing outside a list (`key` undefined).
 */
export function useRowTabStop(key: string | undefined) {
  const keyboard = useContext(ListKeyboardContext);
  const element = useRef<HTMLElement | null>(null);
  const on = keyboard !== null && key !== undefined;
  const read = on ? () => keyboard.tabStop() === key : none;
  const holds = useSyncExternalStore(on ? keyboard.subscribe : noSubscription, read, read);
  useClientLayoutEffect(() => {
    const row = element.current;
    if (!keyboard || key === undefined || !row) return;
    rowKeys.set(row, key);
    return () => keyboard.leaving(key, row);
  }, [keyboard, key]);
  if (!on) return undefined;
  return {
    tabIndex: holds ? 0 : -1,
    onFocus: (event: FocusEvent<HTMLElement>) => keyboard.focused(key, event.nativeEvent),
    ref: element,
  };
}
