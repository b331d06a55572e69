'use client';

import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { Step, StepStore, StepsState } from 'tool-steps/core';
import type { StepFamilyOf, ToolStepsLabelsInput } from 'tool-steps/presentation';
import { emptyStepsState } from '../../core';
import { type ToolStepsOptions, ToolStepsOptionsContext, takeOptions, useSameOptions } from '../../internal/context';
import { DecisionScopeProvider } from '../../internal/decisions';
import { useClientLayoutEffect } from '../../internal/layout-effect';
import { ListModel, type ListViewOptions, type StepSource, stateSource } from '../../internal/list-view';
import { OpenKeys } from '../../internal/open-keys';
import { drawPart, type RenderProp } from '../../internal/render';
import { ListKeyboard, ListKeyboardContext, type VirtualNav } from '../../internal/row-focus';
import { RunStoppedProvider } from '../../internal/run-stopped';
import { SteadyContext, type SteadyOptions } from '../../internal/steady-step';
import { defaultStepFamily } from '../../presentation/grouping';
import { ToolStepsLabelsProvider } from '../labels';
import { useOpenKeys } from './expanded';
import { DrawnWaiting, type ListShared, ListSharedContext, useRun } from './shared';
import { useVerbosityState, VerbosityContext } from './verbosity';

/** The types of `ToolStepsRoot`. */
export declare namespace ToolStepsRoot {
  /**
   * Which rows and groups of the list are open, by id (Radix Accordion's `value` pattern), controlled
   * or not. Ids that name no row or group are ignored.
   */
  interface ExpandedOptions {
    /**
     * The ids of the steps whose details are open (controlled): exactly these rows are open, a failed
     * step's too only when listed. A person's toggle calls `onExpandedChange`, and the row follows the
     * array you pass back.
     */
    expanded?: readonly string[];
    /**
     * The ids of the steps whose details start open (uncontrolled). Other rows follow their step
     * (failed ones open) until the person toggles them.
     */
    defaultExpanded?: readonly string[];
    /** Called with the ids of every open row after the person opens or closes one. */
    onExpandedChange?: (expanded: string[]) => void;
    /** The ids of the open groups (controlled); a group's id is its first step's id (`data-group-key`). */
    groupsExpanded?: readonly string[];
    /** The ids of the groups that start open (uncontrolled); the others start closed. */
    defaultGroupsExpanded?: readonly string[];
    /** Called with the ids of the open groups after the person opens or closes one. */
    onGroupsExpandedChange?: (expanded: string[]) => void;
  }

  /** How much of the turn the list shows. */
  type Verbosity = 'collapsed' | 'steps' | 'expanded';

  /**
   * How much of the turn the list shows, controlled or not, and where the person's choice is kept.
   * `collapsed`: only the turn summary and what needs a person (an approval waiting, a failure, and the
   * rows above one); `steps`: one line per step (the default); `expanded`: every row's details, group and
   * thought open (a row the person closed stays closed). A tool's own `verbosity` in `tools` wins for its
   * rows. Given any of these props, the summary line draws a button that switches between `collapsed`
   * and `steps`.
   */
  interface VerbosityOptions {
    /** The verbosity (controlled): the switch calls `onVerbosityChange`, and the list follows what you pass back. */
    verbosity?: ToolStepsRoot.Verbosity;
    /** The verbosity until the person chooses one (uncontrolled), unless `persist` kept a choice. */
    defaultVerbosity?: ToolStepsRoot.Verbosity;
    /** Called with the person's choice. */
    onVerbosityChange?: (verbosity: ToolStepsRoot.Verbosity) => void;
    /**
     * Keeps the person's choice under `key`, so it survives a reload: in `localStorage` (in the browser;
     * nothing on the server, and the stored choice is read after hydration), or in your `storage`. A
     * storage that throws, or a stored value that is no verbosity, is ignored; the choice still works for
     * the list's life. Only the verbosity is kept: which rows are open names ids of one run.
     */
    persist?: ToolStepsRoot.Persist;
  }

  /** Where `persist` keeps the verbosity. */
  interface Persist {
    /** The key the choice is stored under: one per chat, or one for the whole app. */
    key: string;
    /** `localStorage` by default; any object with its `getItem` and `setItem`. */
    storage?: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  }

  /** How the list sees its steps: which of them group, and how long a fast one is drawn running. */
  interface ViewOptions {
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
  }

  /** What a `render` function of `ToolStepsRoot` receives besides the props. */
  interface State {
    /** The run: its status, and its error or the reason it stopped. */
    run: StepsState['run'];
  }

  /** What both forms of the props share. */
  interface BaseProps
    extends ToolStepsOptions,
      ToolStepsRoot.ViewOptions,
      ToolStepsRoot.ExpandedOptions,
      ToolStepsRoot.VerbosityOptions,
      ComponentPropsWithoutRef<'div'> {
    /** Every word the list writes: another locale, or only the words you change (a stable object). */
    labels?: ToolStepsLabelsInput;
    /** Swaps the element: `render={<section />}` or `(props, state) => element`. */
    render?: RenderProp<ToolStepsRoot.State>;
  }

  /** `ToolStepsRoot` fed by a store: the list follows it, each row its own step. */
  interface StoreProps extends ToolStepsRoot.BaseProps {
    store: StepStore;
    state?: never;
  }

  /** `ToolStepsRoot` fed by a state snapshot (from `useToolStream`, `stepsFromText`, a server render). */
  interface StateProps extends ToolStepsRoot.BaseProps {
    state: StepsState;
    store?: never;
  }

  /** Props of `ToolStepsRoot`: a `store` or a `state`, the options every row shares, and its parts. */
  type Props = ToolStepsRoot.StoreProps | ToolStepsRoot.StateProps;
}

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

/** The list's view of its source and which of its rows, groups, nested lists and thoughts are open: one per list. */
function useShared(
  source: StepSource,
  group: ToolStepsRoot.ViewOptions['group'],
  minRunningMs: number,
  shown: Pick<ListViewOptions, 'verbosity' | 'tools'>,
  rows: OpenKeys,
  groups: OpenKeys,
): ListShared {
  const familyOf = group === false ? undefined : typeof group === 'function' ? group : defaultStepFamily;
  // the first verbosity draws the first view (a server render, too); a later one reaches the model below
  const [first] = useState(shown);
  const model = useMemo(
    () => new ListModel(source, { familyOf, minRunningMs, ...first }),
    [source, familyOf, minRunningMs, first],
  );
  const { verbosity, tools } = shown;
  useClientLayoutEffect(() => model.setShown(verbosity ?? 'steps', tools), [model, verbosity, tools]);
  useEffect(() => model.connect(), [model]);
  const [nested] = useState(() => new OpenKeys(undefined, undefined, 'nested'));
  const [thoughts] = useState(() => new OpenKeys(undefined, undefined, 'thoughts'));
  const [nav] = useState<{ current: VirtualNav | null }>(() => ({ current: null }));
  const [drawn] = useState(() => new DrawnWaiting());
  return useMemo(
    () => ({ source, model, rows, groups, nested, thoughts, nav, drawn }),
    [source, model, rows, groups, nested, thoughts, nav, drawn],
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

/** The providers under the root's element: words, decisions, the stopped run, the list's view and keyboard. */
function ListScope({
  source,
  labels,
  shared,
  steady,
  children,
}: {
  source: StepStore;
  labels: ToolStepsLabelsInput | undefined;
  shared: ListShared;
  steady: SteadyOptions;
  children: ReactNode;
}) {
  const { model, nav } = shared;
  const keyboard = useMemo(() => new ListKeyboard(model, nav), [model, nav]);
  return (
    <ToolStepsLabelsProvider labels={labels}>
      <DecisionScopeProvider>
        <RunStoppedProvider store={source}>
          <ListSharedContext.Provider value={shared}>
            <ListKeyboardContext.Provider value={keyboard}>
              <SteadyContext.Provider value={steady}>{children}</SteadyContext.Provider>
            </ListKeyboardContext.Provider>
          </ListSharedContext.Provider>
        </RunStoppedProvider>
      </DecisionScopeProvider>
    </ToolStepsLabelsProvider>
  );
}

/**
 * The list's root: one element around its parts, holding what they share (the source, the options
 * every row reads, the words, which rows and groups are open, the decisions made here). Its children
 * are the parts, in the order you choose: `ToolStepsApproveAll`, `ToolStepsList`, `ToolStepsRunStatus`,
 * `ToolStepsSummary`, `ToolStepsAnnouncer` (`<ToolSteps>` draws them all, in that order). A `state` is
 * adapted into a store the root keeps for its life (its snapshot is the latest prop), so both inputs
 * are drawn the same way.
 *
 * The root holds which rows and groups are open (`expanded`, `groupsExpanded`: arrays of ids,
 * controlled or not), so a row windowed away or folded into a group comes back as it was.
 *
 * Renders `<div data-slot="tool-steps-root">`; `className`, `ref` and the other props land on it.
 */
export const ToolStepsRoot = forwardRef<HTMLDivElement, ToolStepsRoot.Props>(function ToolStepsRoot(props, ref) {
  const {
    store,
    state,
    labels,
    group = true,
    minRunningMs: minimum = 400,
    expanded,
    defaultExpanded,
    onExpandedChange,
    groupsExpanded,
    defaultGroupsExpanded,
    onGroupsExpandedChange,
    verbosity,
    defaultVerbosity,
    onVerbosityChange,
    persist,
    render,
    children,
    ...given
  } = props;
  const [own, rest] = takeOptions(given);
  const options = useStableOptions(own);
  const source = useSource(store, state);
  const minRunningMs = Math.max(0, minimum) || 0;
  const rows = useOpenKeys(expanded, defaultExpanded, onExpandedChange, 'expanded');
  const groups = useOpenKeys(groupsExpanded, defaultGroupsExpanded, onGroupsExpandedChange, 'groupsExpanded');
  const {
    verbosity: shown,
    set,
    switchable,
  } = useVerbosityState(verbosity, defaultVerbosity, onVerbosityChange, persist);
  const shared = useShared(source, group, minRunningMs, { verbosity: shown, tools: options.tools }, rows, groups);
  const steady = useSteady(minRunningMs);
  const run = useRun(source);
  const chosen = useMemo(() => ({ verbosity: shown, set, switchable }), [shown, set, switchable]);
  return (
    <ToolStepsOptionsContext.Provider value={options}>
      <VerbosityContext.Provider value={chosen}>
        <ListScope source={source} labels={labels} shared={shared} steady={steady}>
          {drawPart('div', render, { 'data-slot': 'tool-steps-root', children }, rest, ref, { run })}
        </ListScope>
      </VerbosityContext.Provider>
    </ToolStepsOptionsContext.Provider>
  );
});
