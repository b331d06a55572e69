'use client';

import { type ReactNode, type Ref, type RefObject, type UIEvent, useCallback, useRef, useState } from 'react';
import { useClientLayoutEffect } from '../internal/layout-effect';

/** Height of one line in the windowed renderers, in CSS pixels; `renderers.css` uses the same value. */
export const ROW_HEIGHT = 20;

/** Lines rendered above and below the visible ones. */
const OVERSCAN = 30;

/** The viewport height assumed before layout (and in environments without layout, such as jsdom). */
const DEFAULT_VIEWPORT = 480;

/** The tallest viewport the window is computed for, whatever the container measures. */
const MAX_VIEWPORT = 4000;

/**
 * The scroll container's own style. Windowing needs a bounded, scrolling container, so this is set inline
 * (not left to the optional theme): without it an unstyled page would render every row.
 */
export const SCROLL_STYLE = { maxHeight: 'var(--ts-renderer-max-height, 480px)', overflow: 'auto' } as const;

/** The slice of rows to render for a scroll position: `[start, end)`. */
export interface WindowRange {
  start: number;
  end: number;
}

/** Which rows a viewport of `height` px scrolled to `scrollTop` shows, plus `overscan` rows each side. */
export function windowRange(
  count: number,
  scrollTop: number,
  height: number,
  rowHeight = ROW_HEIGHT,
  overscan = OVERSCAN,
): WindowRange {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(Math.min(height > 0 ? height : DEFAULT_VIEWPORT, MAX_VIEWPORT) / rowHeight);
  return { start: Math.max(0, first - overscan), end: Math.min(count, first + visible + overscan) };
}

/** State of a windowed scroll container. */
export interface WindowState {
  ref: RefObject<HTMLDivElement | null>;
  range: WindowRange;
  onScroll: (event: UIEvent<HTMLDivElement>) => void;
}

/** Tracks the scroll position of a container of `count` fixed-height rows and gives the slice to render. */
export function useWindow(count: number, rowHeight = ROW_HEIGHT): WindowState {
  const ref = useRef<HTMLDivElement | null>(null);
  const [view, setView] = useState({ top: 0, height: 0 });
  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    setView((prev) =>
      prev.top === el.scrollTop && prev.height === el.clientHeight
        ? prev
        : { top: el.scrollTop, height: el.clientHeight },
    );
  }, []);
  useClientLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () =>
      setView((prev) =>
        prev.height === el.clientHeight && prev.top === el.scrollTop
          ? prev
          : { top: el.scrollTop, height: el.clientHeight },
      );
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, range: windowRange(count, view.top, view.height, rowHeight), onScroll };
}

/** Props of `WindowedRows`. */
export interface WindowedRowsProps {
  count: number;
  window: WindowState;
  /** Renders row `index`; it must be `ROW_HEIGHT` px tall. */
  row: (index: number) => ReactNode;
  /** Accessible name of the scroll region. */
  label: string;
  /** `data-slot` of the scroll container. */
  slot: string;
  /** Extra attributes for the scroll container. */
  attrs?: Record<string, string | undefined>;
  /** Called on every scroll, after the window moved. */
  onScroll?: (element: HTMLDivElement) => void;
}

/**
 * A scroll container that holds `count` fixed-height rows but renders only the visible slice plus overscan,
 * positioned inside a full-height spacer. Keyboard users can focus it to scroll.
 */
export function WindowedRows({ count, window: win, row, label, slot, attrs, onScroll }: WindowedRowsProps) {
  const { start, end } = win.range;
  const rows: ReactNode[] = [];
  for (let i = start; i < end; i++) rows.push(row(i));
  return (
    // a group, not a region landmark: many steps may show the same kind of block, and landmarks must be unique
    // biome-ignore lint/a11y/useSemanticElements: a scroll container, not a fieldset
    <div
      // React 18's types take a ref object of the element type only (19's take `| null`)
      ref={win.ref as Ref<HTMLDivElement>}
      data-slot={slot}
      className={slot}
      role="group"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
      tabIndex={0}
      onScroll={(event) => {
        win.onScroll(event);
        onScroll?.(event.currentTarget);
      }}
      style={SCROLL_STYLE}
      {...attrs}
    >
      <div
        data-slot="tool-step-window-spacer"
        className="tool-step-window-spacer"
        style={{ height: count * ROW_HEIGHT, position: 'relative' }}
      >
        <div
          data-slot="tool-step-window-slice"
          className="tool-step-window-slice"
          style={{ position: 'absolute', top: start * ROW_HEIGHT, left: 0, minWidth: '100%' }}
        >
          {rows}
        </div>
      </div>
    </div>
  );
}
