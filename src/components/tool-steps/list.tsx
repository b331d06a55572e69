'use client';

import { type ComponentPropsWithoutRef, forwardRef, memo, useContext, useMemo, useSyncExternalStore } from 'react';
import { InListContext, useToolStepsLabels } from '../../internal/context';
import type { ListModel } from '../../internal/list-view';
import { drawPart, mergeRefs, type RenderProp } from '../../internal/render';
import { ListKeyboardContext } from '../../internal/row-focus';
import { VIRTUALIZE_AFTER } from '../../internal/virtual-layout';
import type { ListItem } from '../../presentation/grouping';
import { TopItems } from './items';
import { useListShared, useSkipped } from './shared';

/** The types of `ToolStepsList`. */
export declare namespace ToolStepsList {
  /** What a `render` function of `ToolStepsList` receives besides the props. */
  interface State {
    /** Whether only the rows near the viewport are in the DOM. */
    windowed: boolean;
    /** How many top-level items (rows and groups) the list draws. */
    count: number;
  }

  /** Props of `ToolStepsList`. */
  interface Props extends Omit<ComponentPropsWithoutRef<'ol'>, 'children'> {
    /**
     * Past this many top-level items (rows and groups), only the items near the viewport are in the DOM
     * (windowed by `@tanstack/react-virtual`, loaded then): 10,000 steps mount in one window's time.
     * Find-in-page (Ctrl+F) finds only the rendered rows then; `false` draws every row (the escape for
     * find-in-page and full-page screenshots). Printing draws every row either way.
     * @default 200
     */
    virtualize?: number | false;
    /** Swaps the element: `render={<ul />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepsList.State>;
  }
}

/** The top-level items the list draws (`ListView.shown`): a new array only when they change. */
function useShownItems(model: ListModel): readonly ListItem[] {
  const read = () => model.getView().shown;
  return useSyncExternalStore(model.subscribe, read, read);
}

/** Whether a list of `count` top-level items is windowed. */
function isWindowed(virtualize: number | false, count: number): boolean {
  return virtualize !== false && count > Math.max(0, virtualize);
}

/**
 * The rows of the run, in order of first appearance, inside a `ToolStepsRoot`: one `ToolStep` per
 * call; steps with a `parentId` are drawn inside their parent's row, behind a button that counts them
 * and shows or hides them (shown while the parent runs or one of them needs a person); runs of
 * finished reads, searches and listings collapse into one group row. It follows its items and each
 * row its own step, so a streamed update re-renders one row.
 *
 * Keyboard: every control stays in the tab order, and one row is a tab stop too (the first, then the
 * last one focused). From a focused row Up/Down (or j/k) move between rows, Home/End jump, Enter or
 * Space opens and closes its details (or group, or nested steps). Past `virtualize` top-level items
 * only the rows near the viewport are in the DOM (the list's nearest scrolling ancestor, or the
 * window, scrolls them); the keyboard still reaches every row.
 *
 * Renders `<ol data-slot="tool-steps" aria-label="Tool calls" data-diagnostics="<skipped>">`
 * (`labels.list`; presence flag `data-windowed`); rows `<li data-slot="tool-step">`, groups
 * `<li data-slot="tool-steps-group">`.
 */
export const ToolStepsList = memo(
  forwardRef<HTMLOListElement, ToolStepsList.Props>(function ToolStepsList(
    { virtualize = VIRTUALIZE_AFTER, render, style, ...props },
    ref,
  ) {
    const labels = useToolStepsLabels();
    const shared = useListShared('ToolStepsList');
    const keyboard = useContext(ListKeyboardContext);
    const { model } = shared;
    const items = useShownItems(model);
    const windowed = isWindowed(virtualize, items.length);
    const skipped = useSkipped(shared.source).count;
    const listRef = useMemo(
      () =>
        mergeRefs<HTMLOListElement>((element) => {
          if (keyboard) keyboard.list = element;
        }, ref),
      [keyboard, ref],
    );
    return drawPart(
      'ol',
      render,
      {
        'data-slot': 'tool-steps',
        'aria-label': labels.list,
        // a windowed list places its rows inside itself
        style: windowed ? { ...style, position: 'relative' } : style,
        'data-windowed': windowed ? '' : undefined,
        'data-diagnostics': skipped > 0 ? skipped : undefined,
        // the host's onKeyDown runs first; one that prevents the default keeps the key from the list
        onKeyDown: keyboard?.onKeyDown,
        children: (
          <InListContext.Provider value={true}>
            <TopItems items={items} windowed={windowed} />
          </InListContext.Provider>
        ),
      },
      props,
      listRef,
      { windowed, count: items.length },
    );
  }),
);
ToolStepsList.displayName = 'ToolStepsList';
