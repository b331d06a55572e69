'use client';

import { createElement, memo, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { type Step, segmentOf } from 'tool-steps/core';
import { chunked, useChunk } from '../../internal/chunk';
import { InListContext, useToolStepsOptions } from '../../internal/context';
import { useClientLayoutEffect } from '../../internal/layout-effect';
import { itemsIn, nestedStartOpen } from '../../internal/list-view';
import { stepVerbosity } from '../../internal/shown-items';
import { useSteadyStep } from '../../internal/steady-step';
import { startsExpanded } from '../../internal/step-disclosure';
import { NO_CHILDREN } from '../../internal/step-tree';
import {
  ESTIMATED_ROW_HEIGHT,
  layoutProps,
  type RowLayout,
  sizerStyle,
  useFirstWindow,
} from '../../internal/virtual-layout';
import { isThought, type ListItem, type StepGroup } from '../../presentation/grouping';
import { ToolStepsGroup } from '../step-group';
import { ToolStepsThought } from '../step-thought';
import { ToolStep } from '../tool-step';
import type { VirtualRowsProps } from '../virtual-rows';
import { useOpenKey } from './expanded';
import { NestedSteps } from './nested';
import { useListShared } from './shared';
import { useVerbosity } from './verbosity';

/**
 * The windowed rows, loaded the first time a list passes its `virtualize` threshold, and drawn directly
 * (no fallback commit) by every list that passes it once the chunk is in (`useChunk`).
 */
const virtualRows = chunked(() => import('../virtual-rows'));

/** Loads the windowed rows' chunk. Not public: for tests. */
export const loadVirtualRows = virtualRows.load;

/** The windowed rows: their `React.lazy` component until the chunk is in, the component itself after. */
function WindowedRows(props: VirtualRowsProps) {
  return createElement(useChunk(virtualRows), props);
}

/** Draws one item of a list: a row per step id, a thought per reasoning segment, a group row per group. */
function renderItem(item: ListItem, layout?: RowLayout): ReactNode {
  if (typeof item === 'string') return <ListRow key={item} id={item} {...layout} />;
  if (isThought(item)) return <ListThought key={`reasoning:${item.id}`} id={item.id} {...layout} />;
  return <ListGroup key={`group:${item.key}`} group={item} {...layout} />;
}

/**
 * A reasoning segment's row: it follows its own segment in the source, so a reasoning delta re-renders
 * this row alone. Open as the list holds it (closed until the person opens it).
 */
const ListThought = memo(function ListThought({ id, index, measure }: { id: string } & Partial<RowLayout>) {
  const { source, thoughts } = useListShared();
  const readSegment = () => segmentOf(source.getSnapshot().reasoning, id);
  const segment = useSyncExternalStore(source.subscribe, readSegment, readSegment);
  const expanded = useVerbosity().verbosity === 'expanded';
  const open = useOpenKey(thoughts, id) ?? expanded;
  if (!segment) return null;
  return (
    <ToolStepsThought
      segment={segment}
      open={open}
      onOpenChange={(next) => thoughts.set(id, next)}
      {...layoutProps(index, measure)}
    />
  );
});

/** A group row: open as the list holds it (by the group's id), so opening it re-renders it alone. */
const ListGroup = memo(function ListGroup({ group, index, measure }: { group: StepGroup } & Partial<RowLayout>) {
  const { groups } = useListShared();
  const expanded = useVerbosity().verbosity === 'expanded';
  const open = useOpenKey(groups, group.key) ?? expanded;
  return (
    <ToolStepsGroup
      group={group}
      open={open}
      onOpenChange={(next) => groups.set(group.key, next)}
      {...layoutProps(index, measure)}
    >
      <InListContext.Provider value={true}>{group.members.map((item) => renderItem(item))}</InListContext.Provider>
    </ToolStepsGroup>
  );
});

/** Draws a list's items: a row per step id, a thought per reasoning segment, a group row per group. */
function Items({ items }: { items: readonly ListItem[] }) {
  return <>{items.map((item) => renderItem(item))}</>;
}

/**
 * The top-level items: all of them up to the `virtualize` threshold, else windowed. While the
 * windowing loads (and in a server render) the first items are drawn in flow over a sizer of the
 * estimated height of the rest.
 */
export function TopItems({ items, windowed }: { items: readonly ListItem[]; windowed: boolean }) {
  const { nav } = useListShared();
  const firstWindow = useFirstWindow();
  if (!windowed) return <>{items.map((item) => renderItem(item))}</>;
  const first = items.slice(0, firstWindow);
  const fallback = (
    <>
      {first.map((item) => renderItem(item))}
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
      <WindowedRows items={items} renderItem={renderItem} nav={nav} />
    </Suspense>
  );
}

/**
 * One step's row: it follows its own step in the source and its nested list in the view, so an update
 * to one step re-renders that row alone.
 */
const ListRow = memo(function ListRow({ id, index, measure }: { id: string } & Partial<RowLayout>) {
  const { source, model, drawn } = useListShared();
  const readStep = () => {
    const { byId } = source.getSnapshot();
    return Object.hasOwn(byId, id) ? byId[id] : undefined;
  };
  const step = useSyncExternalStore(source.subscribe, readStep, readStep);
  const readItems = () => itemsIn(model.getView(), id);
  const childItems = useSyncExternalStore(model.subscribe, readItems, readItems);
  const waiting = step?.status === 'awaiting-approval';
  useClientLayoutEffect(() => (waiting ? drawn.add(id) : undefined), [drawn, id, waiting]);
  if (!step) return null;
  return (
    <SteadyRow step={step} index={index} measure={measure}>
      {childItems.length > 0 ? <Nested id={id} items={childItems} /> : null}
    </SteadyRow>
  );
});

/** A row's nested steps (and reasoning), with their count and whether they start shown. */
function Nested({ id, items }: { id: string; items: readonly ListItem[] }) {
  const { model } = useListShared();
  const readCount = () => (model.getView().tree.children.get(id) ?? NO_CHILDREN).length;
  const count = useSyncExternalStore(model.subscribe, readCount, readCount);
  const readOpen = () => nestedStartOpen(model.getView(), id);
  const startOpen = useSyncExternalStore(model.subscribe, readOpen, readOpen);
  const thoughts = count === 0 ? items.filter(isThought).length : 0;
  return (
    <NestedSteps id={id} count={count} thoughts={thoughts} startOpen={startOpen}>
      {() => <Items items={items} />}
    </NestedSteps>
  );
}

/**
 * A row drawn through the flicker guard: a fast step shows running for the list's minimum time. Its
 * details are open as the list holds them (`expanded`, or what the person chose), else as its step
 * starts (failed open); the row may have been windowed away and back since.
 */
function SteadyRow({ step, children, index, measure }: { step: Step; children: ReactNode } & Partial<RowLayout>) {
  const drawn = useSteadyStep(step);
  const { rows, source } = useListShared();
  const { verbosity } = useVerbosity();
  const { tools } = useToolStepsOptions();
  const id = step.id;
  // a row starts open when its verbosity is `expanded`, else when it failed
  const startsOpen = (each: Step) => stepVerbosity(each, tools, verbosity) === 'expanded' || startsExpanded(each);
  const open = useOpenKey(rows, id) ?? startsOpen(drawn);
  const setOpen = (next: boolean) =>
    rows.set(
      id,
      next,
      () => source.getSnapshot().ids,
      (other) => {
        const { byId } = source.getSnapshot();
        return Object.hasOwn(byId, other) && startsOpen(byId[other] as Step);
      },
    );
  return (
    <ToolStep step={drawn} open={open} onOpenChange={setOpen} {...layoutProps(index, measure)}>
      {children}
    </ToolStep>
  );
}
