'use client';

import {
  type ComponentPropsWithoutRef,
  type ForwardedRef,
  forwardRef,
  type KeyboardEvent,
  memo,
  type ReactNode,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { emptyStepsState, type Step, type StepStore, type StepsState } from '../../core';
import type { ToolStepsLabelsInput } from '../../core/labels';
import {
  InListContext,
  type ToolStepsOptions,
  ToolStepsOptionsContext,
  takeOptions,
  useSameOptions,
  useToolStepsLabels,
} from '../../internal/context';
import { defaultStepFamily, type StepFamilyOf } from '../../internal/grouping';
import { useClientLayoutEffect } from '../../internal/layout-effect';
import { itemsIn, ListModel, type StepSource, stateSource, TOP } from '../../internal/list-view';
import { OpenKeys } from '../../internal/open-keys';
import { mergeRefs } from '../../internal/render';
import { ListKeyboard, ListKeyboardContext, type VirtualNav } from '../../internal/row-focus';
import { slotClass } from '../../internal/slot-class';
import { SteadyContext, type SteadyOptions } from '../../internal/steady-step';
import { VIRTUALIZE_AFTER } from '../../internal/virtual-layout';
import { ToolStepsApproveAll } from '../approve-all';
import { ToolStepsFrame } from '../list-frame';
import { ToolStepsSummary } from '../turn-summary';
import { type ToolStepsExpandedOptions, useOpenKeys } from './expanded';
import { TopItems } from './items';
import { RunStatus, useSkipped } from './run-status';
import { DrawnWaiting, type ListShared, ListSharedContext } from './shared';

/** How the list draws time, groups, its summary and its diagnostics. */
export interface ToolStepsListOptions {
  /**
   * The shortest time a step is drawn running, in milliseconds: a call that ends sooner after its row
   * first showed it running keeps showing running until then, so fast tools do not flash. Only the
   * drawing waits; the state is never delayed. `0` turns it off.
   * @default 400
   */
  minRunningMs?: number;
  /**
   * Groups runs of consecutive finished steps of a family into one summary row ("Read 3 files,
   * searched 2 patterns · 4.2s"), expandable. `false` turns it off; a function names a step's family
   * (`undefined` for steps that never group). Failed, denied, awaiting-approval and running steps,
   * and steps with nested steps, are never hidden in a group.
   * @default true (reads, searches and listings, by tool name)
   */
  group?: boolean | StepFamilyOf;
  /**
   * A line after the list summing up the turn: "Searching files… 12s" while a step runs, "Worked
   * 45s · 14 steps" after.
   * @default true
   */
  summary?: boolean;
  /**
   * Draw the count of events the decoders and the reducer skipped ("2 malformed or late events skipped",
   * with the last reason as its title) under the list. It is for developers: without it the count is only
   * in the list's `data-diagnostics` attribute, and each kind of problem is a console warning in
   * development builds.
   * @default false
   */
  diagnostics?: boolean;
  /**
   * Past this many top-level items (rows and groups), only the items near the viewport are in the DOM
   * (windowed by `@tanstack/react-virtual`, loaded then): 10,000 steps mount in one window's time.
   * Find-in-page (Ctrl+F) finds only the rendered rows then; `false` draws every row (the escape for
   * find-in-page and full-page screenshots). Printing draws every row either way.
   * @default 200
   */
  virtualize?: number | false;
  /**
   * Draws "Approve all N" / "Deny all N" above the list while two or more calls it draws wait for a
   * decision (with `onApprove` / `onDeny`), naming each call it decides. Only calls whose rows are drawn
   * count: a call under closed nested steps, or outside a windowed list's window, is left for its own card.
   * @default false
   */
  approveAll?: boolean;
}

export type { ToolStepsExpandedOptions } from './expanded';

interface ToolStepsBaseProps
  extends ToolStepsOptions,
    ToolStepsListOptions,
    ToolStepsExpandedOptions,
    Omit<ComponentPropsWithoutRef<'ol'>, 'children'> {
  /** Every word the list writes: another locale, or only the words you change (a stable object). */
  labels?: ToolStepsLabelsInput;
}

/** `ToolSteps` fed by a store: the list follows it, each row its own step. */
export interface ToolStepsStoreProps extends ToolStepsBaseProps {
  store: StepStore;
  state?: never;
}

/** `ToolSteps` fed by a state snapshot (from `useToolStream`, `stepsFromText`, a server render). */
export interface ToolStepsStateProps extends ToolStepsBaseProps {
  state: StepsState;
  store?: never;
}

/** Props of `ToolSteps`: a `store` or a `state`, plus the options every row shares. */
export type ToolStepsProps = ToolStepsStoreProps | ToolStepsStateProps;

/**
 * Options with stable callbacks: a host that passes inline arrows must not re-render every row on
 * each of its own renders, so the rows get wrappers that call the latest callback.
 */
function useStableOptions(given: ToolStepsOptions): ToolStepsOptions {
  const latest = useRef(given);
  useClientLayoutEffect(() => {
    latest.current = given;
  }, [given]);
  const [calls] = useState(() => ({
    onApprove: (...args: Parameters<NonNullable<ToolStepsOptions['onApprove']>>) => latest.current.onApprove?.(...args),
    onDeny: (...args: Parameters<NonNullable<ToolStepsOptions['onDeny']>>) => latest.current.onDeny?.(...args),
    onCancel: (step: Step) => latest.current.onCancel?.(step),
    onRetry: (step: Step) => latest.current.onRetry?.(step),
  }));
  return useSameOptions({
    ...given,
    onApprove: given.onApprove && calls.onApprove,
    onDeny: given.onDeny && calls.onDeny,
    onCancel: given.onCancel && calls.onCancel,
    onRetry: given.onRetry && calls.onRetry,
  });
}

/**
 * The list's source: the `store`, or the `state` prop as a store of constant identity whose snapshot
 * is the latest prop (set in a layout effect, so the rows that changed re-render before the paint).
 */
function useSource(store: StepStore | undefined, state: StepsState | undefined): StepStore {
  const [adapter] = useState(() => stateSource(state ?? emptyStepsState));
  useClientLayoutEffect(() => {
    if (!store) adapter.set(state ?? emptyStepsState);
  }, [adapter, store, state]);
  return store ?? adapter;
}

/** Whether a list of `count` top-level items is windowed. */
function isWindowed(virtualize: number | false, count: number): boolean {
  return virtualize !== false && count > Math.max(0, virtualize);
}

/** The list's view of its source and which of its rows, groups and nested lists are open: one per list. */
function useListShared(
  source: StepSource,
  familyOf: StepFamilyOf | undefined,
  minRunningMs: number,
  rows: OpenKeys,
  groups: OpenKeys,
): ListShared {
  const model = useMemo(() => new ListModel(source, { familyOf, minRunningMs }), [source, familyOf, minRunningMs]);
  useEffect(() => model.connect(), [model]);
  const [nested] = useState(() => new OpenKeys(undefined, undefined, 'nested'));
  const [nav] = useState<{ current: VirtualNav | null }>(() => ({ current: null }));
  const [drawn] = useState(() => new DrawnWaiting());
  return useMemo(
    () => ({ source, model, rows, groups, nested, nav, drawn }),
    [source, model, rows, groups, nested, nav, drawn],
  );
}

/** The flicker guard's options: the minimum running time, and whether the list drew its first rows. */
function useSteady(minRunningMs: number): SteadyOptions {
  const [mounted] = useState(() => ({ current: false }));
  useEffect(() => {
    mounted.current = true;
  }, [mounted]);
  return useMemo(() => ({ minRunningMs, mounted }), [minRunningMs, mounted]);
}

type RootProps = Omit<ComponentPropsWithoutRef<'ol'>, 'children'>;

interface ListBodyProps extends RootProps {
  source: StepStore;
  labels: ToolStepsLabelsInput | undefined;
  group: ToolStepsListOptions['group'];
  minRunningMs: number;
  summary: boolean;
  diagnostics: boolean;
  virtualize: number | false;
  approveAll: boolean;
  rows: OpenKeys;
  groups: OpenKeys;
  listRef: ForwardedRef<HTMLOListElement>;
}

/** The list's `<ol>`: its label, its keyboard, and whether it is windowed. */
function ListRoot({
  listRef,
  children,
  onKeyDown,
  windowed,
  skipped,
  style,
  keyboard,
  ...props
}: RootProps & {
  listRef: ForwardedRef<HTMLOListElement>;
  children: ReactNode;
  windowed: boolean;
  skipped: number;
  keyboard: ListKeyboard;
}) {
  const labels = useToolStepsLabels();
  const ref = useMemo(
    () =>
      mergeRefs<HTMLOListElement>((element) => {
        keyboard.list = element;
      }, listRef),
    [keyboard, listRef],
  );
  const keyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    onKeyDown?.(event);
    keyboard.onKeyDown(event);
  };
  return (
    <ol
      data-slot="tool-steps"
      aria-label={labels.list}
      {...props}
      className={slotClass('tool-steps', props.className)}
      // a windowed list places its rows inside itself
      style={windowed ? { ...style, position: 'relative' } : style}
      data-windowed={windowed ? '' : undefined}
      data-diagnostics={skipped > 0 ? skipped : undefined}
      onKeyDown={keyDown}
      ref={ref}
    >
      <InListContext.Provider value={true}>{children}</InListContext.Provider>
    </ol>
  );
}

/** Everything under the options: memoized, so a new `state` prop re-renders only what it changed. */
const ListBody = memo(function ListBody({
  source,
  labels,
  group,
  minRunningMs,
  summary,
  diagnostics,
  virtualize,
  approveAll,
  rows,
  groups,
  listRef,
  ...props
}: ListBodyProps) {
  const familyOf = group === false ? undefined : typeof group === 'function' ? group : defaultStepFamily;
  const shared = useListShared(source, familyOf, minRunningMs, rows, groups);
  const steady = useSteady(minRunningMs);
  const { model, nav } = shared;
  const keyboard = useMemo(() => new ListKeyboard(model, nav), [model, nav]);
  const readItems = () => itemsIn(model.getView(), TOP);
  const items = useSyncExternalStore(model.subscribe, readItems, readItems);
  const readSummary = () => model.getView().summary;
  const summaryState = useSyncExternalStore(model.subscribe, readSummary, readSummary);
  const windowed = isWindowed(virtualize, items.length);
  const skipped = useSkipped(source).count;
  return (
    <ToolStepsFrame labels={labels} store={source}>
      <ListSharedContext.Provider value={shared}>
        <ListKeyboardContext.Provider value={keyboard}>
          {approveAll ? <ToolStepsApproveAll /> : null}
          <SteadyContext.Provider value={steady}>
            <ListRoot {...props} listRef={listRef} windowed={windowed} skipped={skipped} keyboard={keyboard}>
              <TopItems items={items} windowed={windowed} />
            </ListRoot>
          </SteadyContext.Provider>
        </ListKeyboardContext.Provider>
        <RunStatus source={source} summary={summary} diagnostics={diagnostics} />
        {summary ? <ToolStepsSummary state={summaryState} /> : null}
      </ListSharedContext.Provider>
    </ToolStepsFrame>
  );
});

/**
 * The list of a run's steps, one `ToolStep` per call, in order of first appearance; steps with a
 * `parentId` are drawn inside their parent's row, behind a button that counts them and shows or hides
 * them (shown while the parent runs or one of them needs a person). Runs of finished reads, searches
 * and listings collapse into one summary row (`group`). A `state` is adapted into a store the list
 * keeps for its life (its snapshot is the latest prop), so both inputs are drawn the same way: the list
 * follows its items and each row its own step, and a streamed update re-renders one row. A running step's elapsed time ticks on one shared timer; a fast step is drawn
 * running for `minRunningMs` at least. After the list come the run's error (or, when it ended
 * interrupted without one, its reason), the turn's summary line, and (with `diagnostics`) a muted line when
 * events were skipped; their count is always in `data-diagnostics` on the list.
 * Every word comes from `labels` (English by default).
 *
 * Past `virtualize` top-level items (200) only the rows near the viewport are in the DOM (the list's
 * nearest scrolling ancestor, or the window, scrolls them); the keyboard still reaches every row.
 *
 * Keyboard: every control stays in the tab order, and one row is a tab stop too (the first, then the
 * last one focused). From a focused row Up/Down (or j/k) move between rows, Home/End jump, Enter or
 * Space opens and closes its details (or group, or nested steps).
 *
 * The list holds which rows and groups are open (`expanded`, `groupsExpanded`: arrays of ids,
 * controlled or not), so a row windowed away or folded into a group comes back as it was.
 *
 * With `approveAll`, a bar above the list decides the waiting calls it draws at once.
 *
 * Renders `<ol data-slot="tool-steps" aria-label="Tool calls" data-diagnostics="<skipped>">` (`labels.list`; rows `<li data-slot="tool-step">`,
 * groups `<li data-slot="tool-steps-group">`), then (when there is one)
 * `<div data-slot="tool-steps-error" data-error-code>`,
 * `<p data-slot="tool-steps-interrupted">` (both said by the announcer's live regions),
 * `<p data-slot="tool-steps-diagnostics" title="<last reason>">` (with `diagnostics`) and
 * `<p data-slot="tool-steps-summary" data-state="running" | "done">`.
 */
export const ToolSteps = forwardRef<HTMLOListElement, ToolStepsProps>(function ToolSteps(props, ref) {
  const {
    store,
    state,
    labels,
    group = true,
    minRunningMs = 400,
    summary = true,
    diagnostics = false,
    virtualize = VIRTUALIZE_AFTER,
    approveAll = false,
    expanded,
    defaultExpanded,
    onExpandedChange,
    groupsExpanded,
    defaultGroupsExpanded,
    onGroupsExpandedChange,
    ...given
  } = props;
  const [own, rest] = takeOptions(given);
  const options = useStableOptions(own);
  const source = useSource(store, state);
  const rows = useOpenKeys(expanded, defaultExpanded, onExpandedChange, 'expanded');
  const groups = useOpenKeys(groupsExpanded, defaultGroupsExpanded, onGroupsExpandedChange, 'groupsExpanded');
  return (
    <ToolStepsOptionsContext.Provider value={options}>
      <ListBody
        {...rest}
        source={source}
        labels={labels}
        group={group}
        minRunningMs={Math.max(0, minRunningMs) || 0}
        summary={summary}
        diagnostics={diagnostics}
        virtualize={virtualize}
        approveAll={approveAll}
        rows={rows}
        groups={groups}
        listRef={ref}
      />
    </ToolStepsOptionsContext.Provider>
  );
});
