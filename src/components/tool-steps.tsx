'use client';

import {
  type ComponentPropsWithoutRef,
  forwardRef,
  memo,
  type Ref,
  useCallback,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Step, StepStore, StepsDiagnostics, StepsState } from '../core';
import type { ToolStepsLabelsInput } from '../core/labels';
import { NO_CHILDREN, StepTreeCache } from '../internal/step-tree';
import { useStep } from '../react/use-step';
import { useSteps } from '../react/use-steps';
import { InListContext, type ToolStepsOptions, ToolStepsOptionsContext } from './context';
import { ToolStepsFrame } from './list-frame';
import { ToolStep } from './tool-step';

interface ToolStepsBaseProps extends ToolStepsOptions, Omit<ComponentPropsWithoutRef<'ol'>, 'children'> {
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
function useStableOptions(props: ToolStepsOptions): ToolStepsOptions {
  const latest = useRef(props);
  latest.current = props;
  type Decision = [step: Step, decision?: { reason?: string }];
  const onApprove = useCallback((...args: Decision) => latest.current.onApprove?.(...args), []);
  const onDeny = useCallback((...args: Decision) => latest.current.onDeny?.(...args), []);
  const onCancel = useCallback((step: Step) => latest.current.onCancel?.(step), []);
  const onRetry = useCallback((step: Step) => latest.current.onRetry?.(step), []);
  const { renderers, icons, tools, consequences } = props;
  const approves = props.onApprove !== undefined;
  const denies = props.onDeny !== undefined;
  const cancels = props.onCancel !== undefined;
  const retries = props.onRetry !== undefined;
  return useMemo(
    () => ({
      renderers,
      icons,
      tools,
      consequences,
      onApprove: approves ? onApprove : undefined,
      onDeny: denies ? onDeny : undefined,
      onCancel: cancels ? onCancel : undefined,
      onRetry: retries ? onRetry : undefined,
    }),
    [renderers, icons, tools, consequences, approves, denies, cancels, retries, onApprove, onDeny, onCancel, onRetry],
  );
}

function RunError({ run }: { run: StepsState['run'] }) {
  if (!run.error) return null;
  return (
    <div data-slot="tool-steps-error" data-error-code={run.error.code || undefined} role="alert">
      {run.error.code ? <code data-slot="tool-steps-error-code">{run.error.code}</code> : null}{' '}
      <span data-slot="tool-steps-error-message">{run.error.message}</span>
    </div>
  );
}

function Diagnostics({ diagnostics }: { diagnostics: StepsDiagnostics }) {
  if (diagnostics.count <= 0) return null;
  const { count, last } = diagnostics;
  const title = last ? (last.protocol ? `${last.protocol}: ${last.reason}` : last.reason) : undefined;
  return (
    <p data-slot="tool-steps-diagnostics" title={title}>
      {count} malformed or late {count === 1 ? 'event' : 'events'} skipped
    </p>
  );
}

const StoreRow = memo(function StoreRow({ store, id, cache }: { store: StepStore; id: string; cache: StepTreeCache }) {
  const step = useStep(store, id);
  const selectChildren = useCallback((state: StepsState) => cache.childrenOf(state, id), [cache, id]);
  const childIds = useSteps(store, selectChildren);
  if (!step) return null;
  return (
    <ToolStep step={step}>
      {childIds.length > 0 ? (
        <ol data-slot="tool-steps">
          <InListContext.Provider value={true}>
            {childIds.map((childId) => (
              <StoreRow key={childId} store={store} id={childId} cache={cache} />
            ))}
          </InListContext.Provider>
        </ol>
      ) : null}
    </ToolStep>
  );
});

type ListProps = Omit<ComponentPropsWithoutRef<'ol'>, 'children'> & { listRef: Ref<HTMLOListElement> };

function StoreList({ store, listRef, ...props }: ListProps & { store: StepStore }) {
  const [cache] = useState(() => new StepTreeCache());
  const selectRoots = useCallback((state: StepsState) => cache.get(state).roots, [cache]);
  const roots = useSteps(store, selectRoots);
  const run = useSteps(store, selectRun);
  const diagnostics = useSteps(store, selectDiagnostics);
  return (
    <>
      <ol data-slot="tool-steps" aria-label="Tool calls" {...props} ref={listRef}>
        <InListContext.Provider value={true}>
          {roots.map((id) => (
            <StoreRow key={id} store={store} id={id} cache={cache} />
          ))}
        </InListContext.Provider>
      </ol>
      <RunError run={run} />
      <Diagnostics diagnostics={diagnostics} />
    </>
  );
}

const selectRun = (state: StepsState) => state.run;
const selectDiagnostics = (state: StepsState) => state.diagnostics;

const StateRow = memo(function StateRow({
  step,
  childIds,
  state,
  cache,
}: {
  step: Step;
  childIds: readonly string[];
  /** Only for rows with children (they draw them); leaf rows compare by their step alone. */
  state: StepsState | undefined;
  cache: StepTreeCache;
}) {
  return (
    <ToolStep step={step}>
      {state && childIds.length > 0 ? (
        <ol data-slot="tool-steps">
          <InListContext.Provider value={true}>
            {childIds.map((childId) => (
              <StateRowFor key={childId} state={state} id={childId} cache={cache} />
            ))}
          </InListContext.Provider>
        </ol>
      ) : null}
    </ToolStep>
  );
});

function StateRowFor({ state, id, cache }: { state: StepsState; id: string; cache: StepTreeCache }) {
  const step = Object.hasOwn(state.byId, id) ? state.byId[id] : undefined;
  if (!step) return null;
  const childIds = cache.childrenOf(state, id);
  return <StateRow step={step} childIds={childIds} state={childIds.length > 0 ? state : undefined} cache={cache} />;
}

function StateList({ state, listRef, ...props }: ListProps & { state: StepsState }) {
  const [cache] = useState(() => new StepTreeCache());
  const { roots } = cache.get(state);
  return (
    <>
      <ol data-slot="tool-steps" aria-label="Tool calls" {...props} ref={listRef}>
        <InListContext.Provider value={true}>
          {roots.map((id) => (
            <StateRowFor key={id} state={state} id={id} cache={cache} />
          ))}
        </InListContext.Provider>
      </ol>
      <RunError run={state.run} />
      <Diagnostics diagnostics={state.diagnostics} />
    </>
  );
}

/**
 * The list of a run's steps, one `ToolStep` per call, in order of first appearance; steps with a
 * `parentId` are drawn inside their parent's row, in a nested list. From a `store`, the list
 * subscribes to the ids and each row to its own step, so a streamed update re-renders one row; from
 * a `state`, rows are memoized by step. After the list come the run's error and, when frames were
 * skipped, a muted line that says how many.
 *
 * Renders `<ol data-slot="tool-steps" aria-label="Tool calls">`, then (when there is one)
 * `<div data-slot="tool-steps-error" data-error-code role="alert">` and
 * `<p data-slot="tool-steps-diagnostics" title="<last reason>">`.
 */
export const ToolSteps = forwardRef<HTMLOListElement, ToolStepsProps>(function ToolSteps(props, ref) {
  const { store, state, renderers, icons, tools, onApprove, onDeny, onCancel, onRetry, consequences, labels, ...rest } =
    props;
  const options = useStableOptions({ renderers, icons, tools, onApprove, onDeny, onCancel, onRetry, consequences });
  return (
    <ToolStepsOptionsContext.Provider value={options}>
      <ToolStepsFrame labels={labels} store={store} state={state}>
        {store ? (
          <StoreList store={store} listRef={ref} {...rest} />
        ) : (
          <StateList state={state ?? EMPTY} listRef={ref} {...rest} />
        )}
      </ToolStepsFrame>
    </ToolStepsOptionsContext.Provider>
  );
});

const EMPTY: StepsState = { ids: NO_CHILDREN, byId: {}, run: { status: 'idle' }, diagnostics: { count: 0 } };
