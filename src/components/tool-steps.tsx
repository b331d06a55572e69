'use client';

import {
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  type KeyboardEvent,
  lazy,
  memo,
  type ReactNode,
  type Ref,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { isActiveStatus, type Step, type StepStore, type StepsDiagnostics, type StepsState } from '../core';
import type { ToolStepsLabelsInput } from '../core/labels';
import { isStoppedRun, outcomeOf } from '../core/outcome';
import { clientNow } from '../internal/clock';
import { defaultStepFamily, GroupCache, groupSiblings, type ListItem, type StepFamilyOf } from '../internal/grouping';
import { mergeRefs } from '../internal/render';
import { useRovingFocus, type VirtualNav } from '../internal/roving';
import { slotClass } from '../internal/slot-class';
import { SteadyContext, type SteadyOptions, useSteadyStep } from '../internal/steady-step';
import { NO_CHILDREN, StepTreeCache } from '../internal/step-tree';
import {
  ESTIMATED_ROW_HEIGHT,
  layoutProps,
  type RowLayout,
  sizerStyle,
  useFirstWindow,
  VIRTUALIZE_AFTER,
} from '../internal/virtual-layout';
import { screenLine, useRedactor, WireText } from '../internal/visible-text';
import { useStep } from '../react/use-step';
import { useSteps } from '../react/use-steps';
import { InListContext, type ToolStepsOptions, ToolStepsOptionsContext, takeOptions, useSameOptions } from './context';
import { useToolStepsLabels } from './labels';
import { ToolStepsFrame } from './list-frame';
import { ToolStepsGroup } from './step-group';
import { ToolStep } from './tool-step';
import { ToolStepsSummary } from './turn-summary';

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
}

/** The windowed rows, loaded the first time a list passes its `virtualize` threshold. */
const VirtualRows = lazy(() => import('./virtual-rows'));

interface ToolStepsBaseProps
  extends ToolStepsOptions,
    ToolStepsListOptions,
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
  latest.current = given;
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

function RunError({ run }: { run: StepsState['run'] }) {
  if (!run.error) return null;
  return (
    <div
      data-slot="tool-steps-error"
      className="tool-steps-error"
      data-error-code={run.error.code || undefined}
      role="alert"
    >
      {run.error.code ? (
        <code data-slot="tool-steps-error-code" className="tool-steps-error-code">
          <WireText text={run.error.code} />
        </code>
      ) : null}{' '}
      <span data-slot="tool-steps-error-message" className="tool-steps-error-message">
        <WireText text={run.error.message} />
      </span>
    </div>
  );
}

/**
 * Why the run stopped, when it ended `interrupted` with a reason and no error (the error has its own
 * alert), unless the person stopped it and the summary line says so: `<p data-slot="tool-steps-interrupted" role="status">`.
 */
function RunInterrupted({ run, summary }: { run: StepsState['run']; summary: boolean }) {
  const labels = useToolStepsLabels();
  const redactor = useRedactor();
  if (run.status !== 'interrupted' || run.error || typeof run.reason !== 'string' || run.reason.trim() === '')
    return null;
  if (summary && isStoppedRun(run)) return null; // the summary line says "Stopped", with its stop icon
  // the reason is wire text: masked and made visible before it goes into the sentence
  return (
    <p data-slot="tool-steps-interrupted" className="tool-steps-interrupted" role="status">
      {labels.interrupted(screenLine(run.reason, redactor))}
    </p>
  );
}

/** The skipped-events line, drawn only when the host asks for it (`diagnostics`). */
function Diagnostics({ diagnostics, show }: { diagnostics: StepsDiagnostics; show: boolean }) {
  const labels = useToolStepsLabels();
  if (!show || diagnostics.count <= 0) return null;
  const { count, last } = diagnostics;
  const title = last ? (last.protocol ? `${last.protocol}: ${last.reason}` : last.reason) : undefined;
  return (
    <p data-slot="tool-steps-diagnostics" className="tool-steps-diagnostics" title={title}>
      {labels.skipped(count)}
    </p>
  );
}

/** What every row of one list shares: the tree, the groups, the family function and the open groups. */
interface ListShared {
  tree: StepTreeCache;
  groups: GroupCache;
  familyOf: { current: StepFamilyOf | undefined };
  /**
   * The flicker guard's time, and the earliest moment a step kept out of a group for it may join
   * (set while items are computed; the list re-renders then).
   */
  fresh: { minRunningMs: number; until: number | undefined };
  openGroups: ReadonlySet<string>;
  setGroupOpen: (key: string, open: boolean) => void;
  /**
   * What the person chose for each row's details (by step id) and each parent's nested steps
   * (`nested:<id>`): a row that unmounts (windowed away, moved into a group) comes back as it was.
   */
  opened: Map<string, boolean>;
  /** The windowing, for the keyboard, while the list is windowed. */
  nav: { current: VirtualNav | null };
}

const ListSharedContext = createContext<ListShared | null>(null);

function useListShared(): ListShared {
  const shared = useContext(ListSharedContext);
  if (!shared) throw new Error('tool-steps: a list row outside its list');
  return shared;
}

/** The items (rows and groups) of one list of siblings, stable while they do not change. */
function itemsOf(shared: ListShared, state: StepsState, listKey: string, ids: readonly string[]): readonly ListItem[] {
  const familyOf = shared.familyOf.current;
  if (!familyOf || ids.length < 2) return ids;
  const tree = shared.tree.get(state);
  // an update that changes no group (progress to a running step) costs a pointer comparison per step
  const reused = shared.groups.reuse(listKey, ids, state, familyOf, tree.children);
  if (reused) return reused;
  const { fresh } = shared;
  let held = false;
  const now = clientNow();
  // a step that just ended is still drawn running by its row (minRunningMs): it joins a group after
  const isFresh = (step: Step) => {
    if (now === undefined || fresh.minRunningMs <= 0 || typeof step.endedAt !== 'number') return false;
    const until = step.endedAt + fresh.minRunningMs;
    if (until <= now || until - now > fresh.minRunningMs) return false;
    fresh.until = fresh.until === undefined ? until : Math.min(fresh.until, until);
    held = true;
    return true;
  };
  const items = shared.groups.stable(
    listKey,
    groupSiblings(ids, state, familyOf, (id) => tree.children.has(id), isFresh),
  );
  // items that kept a step out of its group for now are computed again when the regrouping timer fires
  shared.groups.remember(
    listKey,
    held ? undefined : { ids, byId: state.byId, familyOf, children: tree.children, items },
  );
  return items;
}

/** Whether a parent's nested steps start shown: while it runs, or while one of them needs a person (or failed). */
function nestedStartOpen(state: StepsState, parent: Step | undefined, childIds: readonly string[]): boolean {
  if (!parent || isActiveStatus(parent.status) || parent.status === 'awaiting-approval') return true;
  for (const id of childIds) {
    const child = state.byId[id];
    if (child === undefined) continue;
    const status = child.status;
    if (isActiveStatus(status) || status === 'awaiting-approval' || outcomeOf(child).status === 'failed') return true;
  }
  return false;
}

/**
 * A parent's nested steps (a sub-agent's calls): a button that counts them and shows or hides them,
 * then the list. Renders `<button data-slot="tool-step-nested-trigger" aria-expanded aria-controls>`
 * and, shown, `<ol data-slot="tool-steps" data-nested>`.
 */
function NestedSteps({
  id,
  count,
  startOpen,
  children,
}: {
  id: string;
  count: number;
  startOpen: boolean;
  children: () => ReactNode;
}) {
  const { opened } = useListShared();
  const [chosen, setChosenState] = useState<boolean | undefined>(() => opened.get(`nested:${id}`));
  const setChosen = (open: boolean) => {
    opened.set(`nested:${id}`, open);
    setChosenState(open);
  };
  const open = chosen ?? startOpen;
  const listId = useId();
  const labels = useToolStepsLabels();
  return (
    <>
      <button
        type="button"
        data-slot="tool-step-nested-trigger"
        className="tool-step-nested-trigger"
        data-state={open ? 'open' : 'closed'}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setChosen(!open)}
      >
        {labels.groups.nested(count)}
      </button>
      {open ? (
        <ol data-slot="tool-steps" className="tool-steps" data-nested="" id={listId}>
          <InListContext.Provider value={true}>{children()}</InListContext.Provider>
        </ol>
      ) : null}
    </>
  );
}

/** Draws one row: a step's id, placed by `layout` when the list is windowed. */
type RowFn = (id: string, layout?: RowLayout) => ReactNode;

/** Draws one item of a list: a row per step id, a group row per group. */
function useItemRenderer(row: RowFn) {
  const { openGroups, setGroupOpen } = useListShared();
  return (item: ListItem, layout?: RowLayout): ReactNode =>
    typeof item === 'string' ? (
      row(item, layout)
    ) : (
      <ToolStepsGroup
        key={`group:${item.key}`}
        group={item}
        open={openGroups.has(item.key)}
        onOpenChange={(open) => setGroupOpen(item.key, open)}
        {...layoutProps(layout?.index, layout?.measure)}
      >
        <InListContext.Provider value={true}>{item.ids.map((id) => row(id))}</InListContext.Provider>
      </ToolStepsGroup>
    );
}

/** Draws a list's items: a row per step id, a group row per group. */
function Items({ items, row }: { items: readonly ListItem[]; row: RowFn }) {
  const render = useItemRenderer(row);
  return <>{items.map((item) => render(item))}</>;
}

/**
 * The top-level items: all of them up to the `virtualize` threshold, else windowed. While the
 * windowing loads (and in a server render) the first items are drawn in flow over a sizer of the
 * estimated height of the rest.
 */
function TopItems({ items, row, windowed }: { items: readonly ListItem[]; row: RowFn; windowed: boolean }) {
  const { nav } = useListShared();
  const render = useItemRenderer(row);
  const firstWindow = useFirstWindow();
  if (!windowed) return <>{items.map((item) => render(item))}</>;
  const first = items.slice(0, firstWindow);
  const fallback = (
    <>
      {first.map((item) => render(item))}
      <li
        aria-hidden="true"
        data-slot="tool-steps-sizer"
        className="tool-steps-sizer"
        style={sizerStyle((items.length - first.length) * ESTIMATED_ROW_HEIGHT)}
      />
    </>
  );
  return (
    <Suspense fallback={fallback}>
      <VirtualRows items={items} renderItem={render} nav={nav} />
    </Suspense>
  );
}

/** Whether a list of `count` top-level items is windowed. */
function isWindowed(virtualize: number | false, count: number): boolean {
  return virtualize !== false && count > Math.max(0, virtualize);
}

const StoreRow = memo(function StoreRow({
  store,
  id,
  index,
  measure,
}: { store: StepStore; id: string } & Partial<RowLayout>) {
  const shared = useListShared();
  const step = useStep(store, id);
  const selectItems = useCallback(
    (state: StepsState) => itemsOf(shared, state, id, shared.tree.childrenOf(state, id)),
    [shared, id],
  );
  const childItems = useSteps(store, selectItems);
  const selectOpen = useCallback(
    (state: StepsState) => nestedStartOpen(state, state.byId[id], shared.tree.childrenOf(state, id)),
    [shared, id],
  );
  const startOpen = useSteps(store, selectOpen);
  const selectCount = useCallback((state: StepsState) => shared.tree.childrenOf(state, id).length, [shared, id]);
  const count = useSteps(store, selectCount);
  if (!step) return null;
  return (
    <SteadyRow step={step} index={index} measure={measure}>
      {childItems.length > 0 ? (
        <NestedSteps id={id} count={count} startOpen={startOpen}>
          {() => <Items items={childItems} row={(childId) => <StoreRow key={childId} store={store} id={childId} />} />}
        </NestedSteps>
      ) : null}
    </SteadyRow>
  );
});

/**
 * A row drawn through the flicker guard: a fast step shows running for the list's minimum time. Its
 * details start as the person last left them (the row may have been windowed away since).
 */
function SteadyRow({ step, children, index, measure }: { step: Step; children: ReactNode } & Partial<RowLayout>) {
  const drawn = useSteadyStep(step);
  const { opened } = useListShared();
  const id = step.id;
  return (
    <ToolStep
      step={drawn}
      defaultOpen={opened.get(id)}
      onOpenChange={(open) => opened.set(id, open)}
      {...layoutProps(index, measure)}
    >
      {children}
    </ToolStep>
  );
}

type ListProps = Omit<ComponentPropsWithoutRef<'ol'>, 'children'> & { listRef: Ref<HTMLOListElement> };
type ListOptions = {
  group: ToolStepsListOptions['group'];
  minRunningMs: number;
  summary: boolean;
  diagnostics: boolean;
  virtualize: number | false;
};

/** The shared parts of both lists: caches, the open groups, the flicker guard, the keyboard. */
function useListSetup(group: ToolStepsListOptions['group'], minRunningMs: number) {
  const [tree] = useState(() => new StepTreeCache());
  const [groups] = useState(() => new GroupCache());
  const familyOf = useRef<StepFamilyOf | undefined>(undefined);
  familyOf.current = group === false ? undefined : typeof group === 'function' ? group : defaultStepFamily;
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(() => new Set());
  const setGroupOpen = useCallback((key: string, open: boolean) => {
    setOpenGroups((before) => {
      if (before.has(key) === open) return before;
      const next = new Set(before);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const [fresh] = useState(() => ({ minRunningMs, until: undefined as number | undefined }));
  fresh.minRunningMs = minRunningMs;
  const [opened] = useState(() => new Map<string, boolean>());
  const [nav] = useState<{ current: VirtualNav | null }>(() => ({ current: null }));
  const shared = useMemo<ListShared>(
    () => ({ tree, groups, familyOf, fresh, openGroups, setGroupOpen, opened, nav }),
    [tree, groups, fresh, openGroups, setGroupOpen, opened, nav],
  );
  // steps kept out of a group while drawn running join it once that time is over: one timer, armed
  // after each render and (store) after each notification, when items were computed with such a step
  const [, setRegroup] = useState(0);
  const timer = useRef<{ id: ReturnType<typeof setTimeout>; at: number } | undefined>(undefined);
  const arm = useCallback(() => {
    const until = fresh.until;
    if (until === undefined || (timer.current && timer.current.at <= until)) return;
    if (timer.current) clearTimeout(timer.current.id);
    const id = setTimeout(
      () => {
        timer.current = undefined;
        fresh.until = undefined;
        setRegroup((n) => n + 1);
      },
      Math.max(0, until - Date.now()),
    );
    timer.current = { id, at: until };
  }, [fresh]);
  useEffect(() => arm());
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current.id);
    },
    [],
  );
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
  }, []);
  const steady = useMemo<SteadyOptions>(() => ({ minRunningMs, mounted }), [minRunningMs]);
  return { shared, steady, arm };
}

function ListRoot({
  listRef,
  children,
  onKeyDown,
  windowed,
  skipped,
  style,
  ...props
}: ListProps & { children: ReactNode; windowed: boolean; skipped: number }) {
  const own = useRef<HTMLOListElement | null>(null);
  const { nav } = useListShared();
  const roving = useRovingFocus(own, true, nav);
  const labels = useToolStepsLabels();
  const ref = useMemo(() => mergeRefs(own, listRef), [listRef]);
  const keyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    onKeyDown?.(event);
    roving(event);
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

function StoreList({
  store,
  group,
  minRunningMs,
  summary,
  diagnostics: showDiagnostics,
  virtualize,
  ...props
}: ListProps & ListOptions & { store: StepStore }) {
  const { shared, steady, arm } = useListSetup(group, minRunningMs);
  const selectRoots = useCallback(
    (state: StepsState) => itemsOf(shared, state, '', shared.tree.get(state).roots),
    [shared],
  );
  const items = useSteps(store, selectRoots);
  const windowed = isWindowed(virtualize, items.length);
  const run = useSteps(store, selectRun);
  const diagnostics = useSteps(store, selectDiagnostics);
  // subscribed after the items (above), so it runs once they were read: arms the regrouping timer
  useEffect(() => store.subscribe(arm), [store, arm]);
  return (
    <ListSharedContext.Provider value={shared}>
      <SteadyContext.Provider value={steady}>
        <ListRoot {...props} windowed={windowed} skipped={diagnostics.count}>
          <TopItems
            items={items}
            windowed={windowed}
            row={(id, layout) => <StoreRow key={id} store={store} id={id} {...layout} />}
          />
        </ListRoot>
      </SteadyContext.Provider>
      <RunError run={run} />
      <RunInterrupted run={run} summary={summary} />
      <Diagnostics diagnostics={diagnostics} show={showDiagnostics} />
      {summary ? <StoreSummary store={store} /> : null}
    </ListSharedContext.Provider>
  );
}

/** Whether the turn summary could read differently: a step's status, times, tool or arguments changed. */
function sameForSummary(was: Step | undefined, is: Step | undefined): boolean {
  return (
    was === is ||
    (was !== undefined &&
      is !== undefined &&
      was.status === is.status &&
      was.startedAt === is.startedAt &&
      was.endedAt === is.endedAt &&
      was.toolName === is.toolName &&
      was.input === is.input &&
      was.presentation === is.presentation)
  );
}

/**
 * The summary line follows the store, but keeps the snapshot it drew while no step changed in a way it
 * shows (a progress update to the running step does not): one pointer comparison per step, no render.
 */
function StoreSummary({ store }: { store: StepStore }) {
  const drawn = useRef<StepsState | undefined>(undefined);
  const select = useCallback((state: StepsState) => {
    const before = drawn.current;
    if (before && before.ids === state.ids && before.byId !== state.byId) {
      let same = true;
      for (const id of state.ids) {
        if (!sameForSummary(before.byId[id], state.byId[id])) {
          same = false;
          break;
        }
      }
      if (same) return before;
    }
    drawn.current = state;
    return state;
  }, []);
  return <ToolStepsSummary state={useSteps(store, select)} />;
}

const selectRun = (state: StepsState) => state.run;
const selectDiagnostics = (state: StepsState) => state.diagnostics;

const StateRow = memo(function StateRow({
  step,
  childItems,
  childCount,
  startOpen,
  state,
  index,
  measure,
}: Partial<RowLayout> & {
  step: Step;
  childItems: readonly ListItem[];
  childCount: number;
  startOpen: boolean;
  /** Only for rows with children (they draw them); leaf rows compare by their step alone. */
  state: StepsState | undefined;
}) {
  return (
    <SteadyRow step={step} index={index} measure={measure}>
      {state && childItems.length > 0 ? (
        <NestedSteps id={step.id} count={childCount} startOpen={startOpen}>
          {() => (
            <Items items={childItems} row={(childId) => <StateRowFor key={childId} state={state} id={childId} />} />
          )}
        </NestedSteps>
      ) : null}
    </SteadyRow>
  );
});

function StateRowFor({ state, id, ...layout }: { state: StepsState; id: string } & Partial<RowLayout>) {
  const shared = useListShared();
  const step = Object.hasOwn(state.byId, id) ? state.byId[id] : undefined;
  if (!step) return null;
  const childIds = shared.tree.childrenOf(state, id);
  const childItems = childIds.length > 0 ? itemsOf(shared, state, id, childIds) : NO_CHILDREN;
  return (
    <StateRow
      step={step}
      childItems={childItems}
      childCount={childIds.length}
      startOpen={childIds.length > 0 && nestedStartOpen(state, step, childIds)}
      state={childIds.length > 0 ? state : undefined}
      {...layout}
    />
  );
}

function StateList({
  state,
  group,
  minRunningMs,
  summary,
  diagnostics,
  virtualize,
  ...props
}: ListProps & ListOptions & { state: StepsState }) {
  const { shared, steady } = useListSetup(group, minRunningMs);
  const items = itemsOf(shared, state, '', shared.tree.get(state).roots);
  const windowed = isWindowed(virtualize, items.length);
  return (
    <ListSharedContext.Provider value={shared}>
      <SteadyContext.Provider value={steady}>
        <ListRoot {...props} windowed={windowed} skipped={state.diagnostics.count}>
          <TopItems
            items={items}
            windowed={windowed}
            row={(id, layout) => <StateRowFor key={id} state={state} id={id} {...layout} />}
          />
        </ListRoot>
      </SteadyContext.Provider>
      <RunError run={state.run} />
      <RunInterrupted run={state.run} summary={summary} />
      <Diagnostics diagnostics={state.diagnostics} show={diagnostics} />
      {summary ? <ToolStepsSummary state={state} /> : null}
    </ListSharedContext.Provider>
  );
}

/**
 * The list of a run's steps, one `ToolStep` per call, in order of first appearance; steps with a
 * `parentId` are drawn inside their parent's row, behind a button that counts them and shows or hides
 * them (shown while the parent runs or one of them needs a person). Runs of finished reads, searches
 * and listings collapse into one summary row (`group`). From a `store`, the list subscribes to its
 * items and each row to its own step, so a streamed update re-renders one row; from a `state`, rows
 * are memoized by step. A running step's elapsed time ticks on one shared timer; a fast step is drawn
 * running for `minRunningMs` at least. After the list come the run's error (or, when it ended
 * interrupted without one, its reason), the turn's summary line, and (with `diagnostics`) a muted line when
 * events were skipped; their count is always in `data-diagnostics` on the list.
 * Every word comes from `labels` (English by default).
 *
 * Past `virtualize` top-level items (200) only the rows near the viewport are in the DOM (the list's
 * nearest scrolling ancestor, or the window, scrolls them); the keyboard still reaches every row.
 *
 * Keyboard: the list is one tab stop. Up/Down (or j/k) move between rows, Home/End jump, Enter or
 * Space opens and closes the focused row's details (or group, or nested steps); Tab goes into the
 * focused row's own controls.
 *
 * Renders `<ol data-slot="tool-steps" aria-label="Tool calls" data-diagnostics="<skipped>">` (`labels.list`; rows `<li data-slot="tool-step">`,
 * groups `<li data-slot="tool-steps-group">`), then (when there is one)
 * `<div data-slot="tool-steps-error" data-error-code role="alert">`,
 * `<p data-slot="tool-steps-interrupted" role="status">`,
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
    ...given
  } = props;
  const [own, rest] = takeOptions(given);
  const options = useStableOptions(own);
  const list = { group, minRunningMs: Math.max(0, minRunningMs) || 0, summary, diagnostics, virtualize };
  return (
    <ToolStepsOptionsContext.Provider value={options}>
      <ToolStepsFrame labels={labels} store={store} state={state}>
        {store ? (
          <StoreList store={store} listRef={ref} {...list} {...rest} />
        ) : (
          <StateList state={state ?? EMPTY} listRef={ref} {...list} {...rest} />
        )}
      </ToolStepsFrame>
    </ToolStepsOptionsContext.Provider>
  );
});

const EMPTY: StepsState = { ids: NO_CHILDREN, byId: {}, run: { status: 'idle' }, diagnostics: { count: 0 } };
