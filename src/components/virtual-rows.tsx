'use client';

/**
 * The rows of a long list, windowed by `@tanstack/react-virtual`: only the top-level
 * items (rows and groups) near the viewport are in the DOM, each measured (variable heights), placed
 * with `top` inside the list (`position: relative`), over a sizer `<li>` that gives the list its whole
 * height. The scroll container is the list's nearest scrolling ancestor, else the window. Loaded on
 * demand (`chunked`, `src/internal/chunk.ts`): a list below the threshold never downloads it.
 *
 * The keyboard model (`row-focus.ts`) reaches items that are not rendered through `VirtualNav`, the item
 * holding the focus stays mounted while it is scrolled away (a pinned index in the range), and before
 * the browser prints every row is drawn.
 */
import {
  defaultRangeExtractor,
  measureElement as measureSize,
  observeWindowOffset,
  observeWindowRect,
  type Range,
  useVirtualizer,
  type Virtualizer,
  windowScroll,
} from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ListItem } from '../core/grouping';
import { useClientLayoutEffect } from '../internal/layout-effect';
import type { VirtualNav } from '../internal/row-focus';
import { ESTIMATED_ROW_HEIGHT, itemKey, type RowLayout, sizerStyle, useFirstWindow } from '../internal/virtual-layout';

/** A layout effect where there is a DOM (no React 18 warning in a server render). */

const OVERSCAN = 8;
const estimateSize = () => ESTIMATED_ROW_HEIGHT;

/** The nearest ancestor that scrolls vertically, or the window. */
function scrollParentOf(element: Element): Element | Window {
  for (let node = element.parentElement; node; node = node.parentElement) {
    if (node === document.body || node === document.documentElement) break;
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll' || overflowY === 'overlay') return node;
  }
  return window;
}

/** The list's top in its scroll container's content (the virtualizer's `scrollMargin`). */
function offsetIn(list: HTMLElement, scroller: Element | Window): number {
  const top = list.getBoundingClientRect().top + list.clientTop;
  if (scroller === window) return top + window.scrollY;
  const element = scroller as Element;
  return top - element.getBoundingClientRect().top - element.clientTop + element.scrollTop;
}

/** A row's top-level item: the ancestor (or itself) that is a child of the list. */
function topItemOf(list: Element, row: Element): HTMLElement | undefined {
  let node: Element | null = row;
  while (node && node.parentElement !== list) node = node.parentElement;
  return (node as HTMLElement | null) ?? undefined;
}

/**
 * Sizes of 0 come from a list in a hidden container (or a DOM without layout): they would put every
 * item in the window at once, so the estimate stands until the row has a real height.
 */
function measureRow(element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<Element, Element>) {
  const size = measureSize(element, entry, instance);
  return size > 0 ? size : ESTIMATED_ROW_HEIGHT;
}

/** Props of `VirtualRows`. */
export interface VirtualRowsProps {
  items: readonly ListItem[];
  /** Draws one item; `layout` places it (absent when every item is drawn, before printing). */
  renderItem: (item: ListItem, layout: RowLayout | undefined) => ReactNode;
  /** Where the list's keyboard finds the windowing (set while mounted). */
  nav: { current: VirtualNav | null };
}

/** The windowed items of a list (see the module comment). The default export, for `chunked` (`items.tsx`). */
export default function VirtualRows({ items, renderItem, nav }: VirtualRowsProps) {
  const sizer = useRef<HTMLLIElement | null>(null);
  const [scroller, setScroller] = useState<Element | Window | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [printing, setPrinting] = useState(false);
  const firstWindow = useFirstWindow();
  const latest = useRef(items);
  latest.current = items;

  /** The key of the item holding the focus, and of the one the keyboard is bringing in. */
  const pinned = useRef<{ focused: string | undefined; revealing: string | undefined }>({
    focused: undefined,
    revealing: undefined,
  });
  const [pinTick, setPinTick] = useState(0);
  const indexByKey = useMemo(() => {
    let map: Map<string, number> | undefined;
    return (key: string) => {
      if (!map) {
        map = new Map();
        for (let i = 0; i < items.length; i++) map.set(itemKey(items[i] as ListItem), i);
      }
      return map.get(key);
    };
  }, [items]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: pinTick makes a new function, so the virtualizer asks again
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      const first = indexes[0] ?? 0;
      const last = indexes[indexes.length - 1] ?? -1;
      let added = false;
      for (const key of [pinned.current.focused, pinned.current.revealing]) {
        if (key === undefined) continue;
        const index = indexByKey(key);
        if (index === undefined || (index >= first && index <= last) || indexes.includes(index)) continue;
        indexes.push(index);
        added = true;
      }
      return added ? indexes.sort((a, b) => a - b) : indexes;
    },
    [indexByKey, pinTick],
  );

  const getItemKey = useCallback((index: number) => itemKey(items[index] as ListItem), [items]);
  // `window` is not read on the server (no scroll container there)
  const windowed = scroller !== null && scroller === globalThis.window;
  const virtualizer = useVirtualizer<Element, Element>({
    count: items.length,
    getScrollElement: () => scroller as Element | null,
    // stable functions: the virtualizer rebuilds every item's measurement when one of them changes
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
    // off until the scroll container is known, then starting from where it is scrolled (a page restored
    // at its scroll position, or scrolled while this module loaded): the offset is read when it turns on
    enabled: scroller !== null,
    initialOffset: () => (windowed ? window.scrollY : scroller === null ? 0 : (scroller as Element).scrollTop),
    scrollMargin,
    rangeExtractor,
    measureElement: measureRow,
    // the virtualizer writes each item's `top` and the sizer's height on the elements and re-renders
    // only when the range changes: scrolling and measuring render no row
    directDomUpdates: true,
    directDomUpdatesMode: 'position',
    // the window is the scroll container unless an ancestor scrolls (a chat panel)
    ...(windowed
      ? {
          observeElementRect: observeWindowRect as never,
          observeElementOffset: observeWindowOffset as never,
          scrollToFn: windowScroll as never,
        }
      : {}),
  });

  const sizeContainer = useCallback(
    (element: HTMLLIElement | null) => {
      sizer.current = element;
      virtualizer.containerRef(element);
    },
    [virtualizer],
  );

  // a row's ref is attached again on each of its renders (its parts merge refs): measured once when
  // it mounts, then by the ResizeObserver, not by a forced layout in every commit that updates it
  const seen = useRef(new WeakSet<Element>());
  const measure = useCallback(
    (element: Element | null) => {
      if (element) {
        if (seen.current.has(element)) return;
        seen.current.add(element);
      }
      virtualizer.measureElement(element);
    },
    [virtualizer],
  );

  // the scroll container, once; the list's offset in it when the items change (what is above the list
  // may have changed with them: "Approve all") and when the window is resized, not on every scroll
  const [resized, setResized] = useState(0);
  useClientLayoutEffect(() => {
    const list = sizer.current?.parentElement;
    if (!list || !scroller) return;
    const margin = Math.round(offsetIn(list, scroller));
    setScrollMargin((before) => (before === margin ? before : margin));
    // items and resized are not read: they say when to measure again
  }, [scroller, items, resized]);
  // found after the first paint: reading the ancestors' overflow forces a style pass, and the first
  // window in flow is what the windowing would draw first anyway (the list starts at the top)
  useEffect(() => {
    const list = sizer.current?.parentElement;
    if (list && !scroller) setScroller(scrollParentOf(list));
  }, [scroller]);
  useEffect(() => {
    const onResize = () => setResized((n) => n + 1);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  // the keyboard's item, once it is in the DOM
  const pending = useRef<{ index: number; then: (item: HTMLElement) => void } | null>(null);
  const itemAt = useCallback((index: number): HTMLElement | undefined => {
    const list = sizer.current?.parentElement;
    return list?.querySelector<HTMLElement>(`:scope > [data-index="${index}"]`) ?? undefined;
  }, []);
  useClientLayoutEffect(() => {
    const wanted = pending.current;
    if (!wanted) return;
    const element = itemAt(wanted.index);
    if (!element) return;
    pending.current = null;
    pinned.current.revealing = undefined;
    wanted.then(element);
  });

  useClientLayoutEffect(() => {
    const list = sizer.current?.parentElement;
    if (!list) return;
    nav.current = {
      count: () => latest.current.length,
      indexOf: (row) => {
        const item = topItemOf(list, row);
        const index = item ? Number(item.getAttribute('data-index')) : Number.NaN;
        return Number.isInteger(index) ? index : undefined;
      },
      reveal: (index, then) => {
        const element = itemAt(index);
        if (element) {
          then(element);
          return;
        }
        const item = latest.current[index];
        if (item === undefined) return;
        pending.current = { index, then };
        pinned.current.revealing = itemKey(item);
        virtualizer.scrollToIndex(index, { align: 'auto' });
        setPinTick((tick) => tick + 1);
      },
    };
    return () => {
      nav.current = null;
    };
  }, [nav, itemAt, virtualizer]);

  // the focused item stays mounted while it is scrolled away; printing draws every row
  useEffect(() => {
    const list = sizer.current?.parentElement;
    if (!list) return;
    const onFocusIn = (event: FocusEvent) => {
      const item = topItemOf(list, event.target as Element);
      const index = item ? Number(item.getAttribute('data-index')) : Number.NaN;
      const at = latest.current[index];
      const key = at === undefined ? undefined : itemKey(at);
      if (key !== pinned.current.focused) {
        pinned.current.focused = key;
        setPinTick((tick) => tick + 1);
      }
    };
    const onFocusOut = (event: FocusEvent) => {
      const to = event.relatedTarget as Node | null;
      if (to && !list.contains(to)) pinned.current.focused = undefined;
    };
    const beforePrint = () => flushSync(() => setPrinting(true));
    const afterPrint = () => setPrinting(false);
    list.addEventListener('focusin', onFocusIn);
    list.addEventListener('focusout', onFocusOut);
    window.addEventListener('beforeprint', beforePrint);
    window.addEventListener('afterprint', afterPrint);
    return () => {
      list.removeEventListener('focusin', onFocusIn);
      list.removeEventListener('focusout', onFocusOut);
      window.removeEventListener('beforeprint', beforePrint);
      window.removeEventListener('afterprint', afterPrint);
    };
  }, []);

  if (!scroller) {
    // on the server, and in the first render before the layout effect finds the scroll container: the
    // first items in flow, as the list draws while this module loads (so hydration matches either way)
    const first = items.slice(0, firstWindow);
    return (
      <>
        {first.map((item) => renderItem(item, undefined))}
        <li
          ref={sizer}
          aria-hidden="true"
          data-slot="tool-steps-sizer"
          className="tool-steps-sizer"
          style={sizerStyle((items.length - first.length) * ESTIMATED_ROW_HEIGHT)}
        />
      </>
    );
  }
  if (printing) {
    return (
      <>
        {items.map((item) => renderItem(item, undefined))}
        <li
          ref={sizer}
          aria-hidden="true"
          data-slot="tool-steps-sizer"
          className="tool-steps-sizer"
          style={{ display: 'none' }}
        />
      </>
    );
  }
  return (
    <>
      {virtualizer.getVirtualItems().map((virtual) =>
        renderItem(items[virtual.index] as ListItem, {
          index: virtual.index,
          measure,
        }),
      )}
      <li
        ref={sizeContainer}
        aria-hidden="true"
        data-slot="tool-steps-sizer"
        className="tool-steps-sizer"
        style={sizerStyle()}
      />
    </>
  );
}
